// libFuzzer target: request bodies as the API reads them — the JSON parser, then the
// contact rules and the property-list conversion applied to whatever object it yields.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    // What we parse we can write, and writing is stable: parse(write(v)) writes the same bytes.
    // (Not parse(write(v)) == v: `-2.0` is written as `-2`, which reads back as an integer.)
    let written = JSONWriter.bytes(value)
    guard let reread = try? JSONParser.parse(written), JSONWriter.bytes(reread) == written else {
        fatalError("JSON written by JSONWriter did not read back to the same bytes")
    }
    if case .object(let fields) = value {
        if case .string(let name)? = fields["name"] { _ = try? ContactValidator.name(name) }
        if case .string(let email)? = fields["email"] { _ = try? ContactValidator.email(email) }
        if case .object(let userInfo)? = fields["userInfo"] { _ = PropertyListValue(json: .object(userInfo)) }
        if case .string(let text)? = fields["q"] { _ = SearchFolding.fold(text) }
        if case .string(let date)? = fields["date"] { _ = Timestamp(rfc3339: date) }
    }
    return 0
}
