import Cryptography
import Testing

@Suite struct SHA256DigestTests {
    @Test func digestsInWordsAreTheBytesDigestsAndCompareInConstantTime() {
        for text in ["", "a", String(repeating: "x", count: 1000), "qa_abcdefghijABCDEFGHIJ01234567892C2O59"] {
            let bytes = Array(text.utf8)
            let words = bytes.withUnsafeBufferPointer { SHA256.Digest(hashing: $0.span) }
            #expect(words == SHA256.Digest(SHA256.digest(bytes)) && words.bytes == SHA256.digest(bytes))
            #expect(words == SHA256.Digest(hashing: bytes))
            #expect(words.equalsInConstantTime(SHA256.Digest(SHA256.digest(bytes))))
            #expect(!words.equalsInConstantTime(SHA256.Digest(SHA256.digest(bytes + [0]))))
        }
    }

}
