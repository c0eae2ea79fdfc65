import Foundation
import Testing

@testable import QuickActionsAPI

/// The ZIP writer's archives are what `unzip` and Python's `zipfile` read (checked end to end in
/// `PlatformExportEndToEndTests`); here, its checksum and layout against the format's constants.
@Suite struct ZipArchiveTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func anArchiveHasItsEntriesThenTheDirectoryThenTheEndRecord() {
        var archive = ZipArchive()
        archive.add(path: "res/values/strings.xml", bytes: Array("<resources/>".utf8))
        archive.add(path: "res/xml/shortcuts.xml", bytes: Array("<shortcuts/>".utf8))
        let bytes = archive.bytes()
        func uint32(at offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) } }
        func uint16(at offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
        #expect(uint32(at: 0) == 0x0403_4B50, "a local file header first")
        #expect(uint32(at: 14) == CRC32.checksum(Array("<resources/>".utf8)))
        let end = bytes.count - 22
        #expect(uint32(at: end) == 0x0605_4B50, "the end of central directory record last")
        #expect(uint16(at: end + 10) == 2, "two entries")
        let directory = Int(uint32(at: end + 16))
        #expect(uint32(at: directory) == 0x0201_4B50, "the directory starts where the end record says")
        #expect(Int(uint32(at: end + 12)) == end - directory, "and is as long as it says")
    }
}
