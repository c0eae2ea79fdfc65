import Foundation
import Testing

/// The checked-in reference values under `Fixtures/Experiments`: Unleash's published vectors
/// (`unleash-client-specification.json`) and the values computed by scipy, statsmodels and mmh3
/// (`reference.json`, written by `generate_reference.py`).
enum ExperimentsFixtures {
    /// Unleash's vectors, copied by hand.
    struct Unleash: Decodable {
        struct Rollout: Decodable {
            var group: String
            var percent: Int
            var stickiness: String
            var id: String
            var enabled: Bool
        }
        struct Variant: Decodable {
            var feature: String?
            var group: String?
            var weights: [Int]
            var names: [String]
            var userId: String
            var expected: String
            var seed: UInt32
        }
        struct NormalizedValue: Decodable {
            var id: String
            var group: String
            var value: Int
        }
        var source: String
        var rollouts: [Rollout]
        var variants: [Variant]
        var strategyVariants: [Variant]
        var normalizedStrategyValues: [NormalizedValue]
        var murmur3: [MurmurVector]
    }

    /// One MurmurHash3 x86_32 value.
    struct MurmurVector: Decodable {
        var text: String
        var seed: UInt32
        var hash: UInt32
    }

    /// The values computed by the reference libraries.
    struct Reference: Decodable {
        struct Variant: Decodable {
            var key: String
            var weight: Int
            var exposed: Int
            var converted: Int
            var picks: Int
            var conversionRate: Double
            var wilsonLower: Double
            var wilsonUpper: Double
            var picksPerExposed: Double
            var difference: Double?
            var differenceLower: Double?
            var differenceUpper: Double?
            var pValue: Double?
        }
        struct Case: Decodable {
            var name: String
            var variants: [Variant]
            var chiSquare: Double
            var degreesOfFreedom: Int
            var sampleRatioPValue: Double
            var sampleRatioMismatch: Bool
        }
        struct ChiSquarePoint: Decodable {
            var degreesOfFreedom: Int
            var statistic: Double
            var pValue: Double
        }
        struct NormalPoint: Decodable {
            var z: Double
            var pValue: Double
        }
        var source: String
        var cases: [Case]
        var chiSquareSurvival: [ChiSquarePoint]
        var normalTwoSided: [NormalPoint]
        var murmur3: [MurmurVector]
    }

    static func unleash() throws -> Unleash {
        try JSONDecoder().decode(Unleash.self, from: Data(FixtureFiles.bytes("Experiments/unleash-client-specification.json")))
    }

    static func reference() throws -> Reference {
        try JSONDecoder().decode(Reference.self, from: Data(FixtureFiles.bytes("Experiments/reference.json")))
    }

    /// Whether `actual` is within 1e-9 of `expected`, relatively (equal values, zeros included, always are).
    static func isClose(_ actual: Double?, _ expected: Double?) -> Bool {
        guard let actual, let expected else { return actual == nil && expected == nil }
        return actual == expected || abs(actual - expected) <= 1e-9 * max(abs(actual), abs(expected))
    }
}
