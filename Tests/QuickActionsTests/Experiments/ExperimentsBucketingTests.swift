import Testing

@testable import QuickActions

/// MurmurHash3 x86_32 and Unleash's bucketing reproduce the published vectors: the standard
/// hash values, mmh3's, and Unleash's client specification.
@Suite struct ExperimentsBucketingTests {
    @Test func murmur3ReproducesTheStandardVectors() throws {
        let unleash = try ExperimentsFixtures.unleash()
        #expect(unleash.source.contains("Unleash/client-specification"))
        #expect(unleash.murmur3.count == 4)
        for vector in unleash.murmur3 {
            #expect(Murmur3.x86_32(vector.text, seed: vector.seed) == vector.hash, "\(vector.text) seed \(vector.seed)")
        }
        #expect(Murmur3.x86_32("", seed: 1) == 0x514E_28B7)
        #expect(Murmur3.x86_32("hello", seed: 0) == 0x248B_FA47)
        #expect(Murmur3.x86_32("The quick brown fox jumps over the lazy dog", seed: 0) == 0x2E4F_F723)
    }

    @Test func murmur3MatchesTheReferenceImplementationOnEveryTailLength() throws {
        let reference = try ExperimentsFixtures.reference()
        #expect(reference.murmur3.count >= 150)
        for vector in reference.murmur3 {
            #expect(Murmur3.x86_32(vector.text, seed: vector.seed) == vector.hash, "\(vector.text) seed \(vector.seed)")
        }
    }

    @Test func bytesGivenInPiecesHashAsOne() {
        var hasher = Murmur3(seed: 42)
        hasher.combine("The quick ".utf8)
        hasher.combine("brown fox".utf8)
        hasher.combine([UInt8]())
        hasher.combine(" jumps over the lazy dog".utf8)
        #expect(hasher.finalize() == Murmur3.x86_32("The quick brown fox jumps over the lazy dog", seed: 42))
    }

    @Test func rolloutsMatchUnleashsFlexibleRolloutVectors() throws {
        let unleash = try ExperimentsFixtures.unleash()
        #expect(unleash.rollouts.count == 7)
        for vector in unleash.rollouts {
            let bucket = UnleashBucketing.rolloutBucket(id: vector.id, group: vector.group)
            #expect((1...100).contains(bucket))
            #expect(UnleashBucketing.isInRollout(bucket: bucket, percent: vector.percent) == vector.enabled, "\(vector.group) \(vector.id)")
        }
        for vector in unleash.normalizedStrategyValues {
            #expect(UnleashBucketing.rolloutBucket(id: vector.id, group: vector.group) == vector.value)
        }
    }

    @Test func variantsMatchUnleashsVariantVectors() throws {
        let unleash = try ExperimentsFixtures.unleash()
        #expect(unleash.variants.count == 9)
        #expect(unleash.strategyVariants.count == 2)
        for vector in unleash.variants + unleash.strategyVariants {
            let key = try #require(vector.feature ?? vector.group)
            let index = UnleashBucketing.variantIndex(id: vector.userId, key: key, weights: vector.weights, seed: vector.seed)
            #expect(index.map { vector.names[$0] } == vector.expected, "\(key) \(vector.userId)")
        }
        // The seed of today's clients is the default.
        for vector in unleash.strategyVariants {
            let index = UnleashBucketing.variantIndex(id: vector.userId, key: vector.group ?? "", weights: vector.weights)
            #expect(index.map { vector.names[$0] } == vector.expected)
        }
    }

    @Test func variantsNeedAPositiveTotalWeight() {
        #expect(UnleashBucketing.variantIndex(id: "1", key: "k", weights: []) == nil)
        #expect(UnleashBucketing.variantIndex(id: "1", key: "k", weights: [0, 0]) == nil)
        #expect(UnleashBucketing.variantIndex(id: "1", key: "k", weights: [2, -1]) == nil)
        #expect(UnleashBucketing.variantIndex(id: "1", key: "k", weights: [Int(UInt32.max), 1]) == nil)
        #expect(UnleashBucketing.variantIndex(id: "1", key: "k", weights: [0, 5, 0]) == 1)
    }

    @Test func variantSharesFollowTheWeights() {
        var counts = [0, 0, 0]
        for id in 0..<30_000 {
            if let index = UnleashBucketing.variantIndex(id: "account-\(id)", key: "menu-order", weights: [50, 30, 20]) { counts[index] += 1 }
        }
        #expect(counts.reduce(0, +) == 30_000)
        #expect(abs(counts[0] - 15_000) < 600 && abs(counts[1] - 9_000) < 500 && abs(counts[2] - 6_000) < 450, "\(counts)")
    }

    @Test func zeroPercentShowsToNobodyAndAHundredToEverybody() {
        for bucket in 1...100 {
            #expect(!UnleashBucketing.isInRollout(bucket: bucket, percent: 0))
            #expect(UnleashBucketing.isInRollout(bucket: bucket, percent: 100))
        }
    }

    /// Property: for random ids and groups, being in at `p` implies being in at every `q ≥ p`,
    /// through the audience as the service evaluates it; and each percent reaches about that share.
    @Test func raisingThePercentNeverRemovesAnyone() {
        var random = SplitMix64(seed: 0x5EED)
        var inAtTen = 0
        let draws = 2_000
        for _ in 0..<draws {
            let id = String(random.next(), radix: 36)
            let group = "group-" + String(random.next() % 50)
            let context = AudienceContext(platform: .ios, language: nil, appVersion: nil, accountID: id, deviceID: nil)
            let shown = (0...100).map { percent in
                Audience(rollout: Rollout(percent: percent, group: group)).matches(context, defaultGroup: "unused")
            }
            for p in 0...100 where shown[p] {
                #expect(shown[p...].allSatisfy { $0 }, "\(group):\(id) in at \(p) but out above it")
            }
            #expect(!shown[0] && shown[100])
            if shown[10] { inAtTen += 1 }
        }
        #expect(abs(Double(inAtTen) / Double(draws) - 0.10) < 0.025, "\(inAtTen) of \(draws)")
    }
}
