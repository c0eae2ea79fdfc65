import Foundation
import TestSupport

extension RawHTTPResponse {
    /// The body decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body))
    }

    /// The body as a JSON object, for checks on which members are present.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw EndToEndError("body is not a JSON object: \(text)")
        }
        return object
    }
}
