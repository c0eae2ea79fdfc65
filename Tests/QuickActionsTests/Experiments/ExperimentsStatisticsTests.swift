import Foundation
import Testing

@testable import QuickActions

/// The statistics of an experiment's results equal scipy's and statsmodels' to 1e-9 (relative),
/// and the worked example in docs/experiments.md holds.
@Suite struct ExperimentsStatisticsTests {
    @Test func resultsEqualTheReferenceComputation() throws {
        let reference = try ExperimentsFixtures.reference()
        #expect(reference.source.contains("statsmodels"))
        #expect(reference.cases.count == 10)
        for expected in reference.cases {
            let counts = expected.variants.map {
                VariantCounts(key: $0.key, weight: $0.weight, exposed: $0.exposed, converted: $0.converted, picks: $0.picks)
            }
            let results = ExperimentResults(counts: counts)
            for (actual, wanted) in zip(results.variants, expected.variants) {
                let label = "\(expected.name): \(wanted.key)"
                #expect(ExperimentsFixtures.isClose(actual.conversionRate, wanted.conversionRate), "\(label) rate")
                #expect(ExperimentsFixtures.isClose(actual.conversionInterval?.lower, wanted.wilsonLower), "\(label) Wilson lower")
                #expect(ExperimentsFixtures.isClose(actual.conversionInterval?.upper, wanted.wilsonUpper), "\(label) Wilson upper")
                #expect(ExperimentsFixtures.isClose(actual.picksPerExposed, wanted.picksPerExposed), "\(label) picks per exposed")
                #expect(ExperimentsFixtures.isClose(actual.difference?.estimate, wanted.difference), "\(label) difference")
                #expect(ExperimentsFixtures.isClose(actual.difference?.interval.lower, wanted.differenceLower), "\(label) difference lower")
                #expect(ExperimentsFixtures.isClose(actual.difference?.interval.upper, wanted.differenceUpper), "\(label) difference upper")
                #expect(
                    ExperimentsFixtures.isClose(actual.pValue, wanted.pValue), "\(label) p-value \(actual.pValue ?? -1) vs \(wanted.pValue ?? -1)")
            }
            let check = try #require(results.sampleRatio)
            #expect(ExperimentsFixtures.isClose(check.statistic, expected.chiSquare), "\(expected.name) chi-square")
            #expect(check.degreesOfFreedom == expected.degreesOfFreedom)
            #expect(
                ExperimentsFixtures.isClose(check.pValue, expected.sampleRatioPValue),
                "\(expected.name) \(check.pValue) vs \(expected.sampleRatioPValue)")
            #expect(results.sampleRatioMismatch == expected.sampleRatioMismatch, "\(expected.name)")
        }
    }

    @Test func theChiSquareTailEqualsScipys() throws {
        let reference = try ExperimentsFixtures.reference()
        for point in reference.chiSquareSurvival {
            let p = IncompleteGamma.regularizedUpper(a: Double(point.degreesOfFreedom) / 2, x: point.statistic / 2)
            #expect(ExperimentsFixtures.isClose(p, point.pValue), "df \(point.degreesOfFreedom) x \(point.statistic): \(p ?? -1) vs \(point.pValue)")
        }
        #expect(IncompleteGamma.regularizedUpper(a: 1, x: 0) == 1)
        #expect(IncompleteGamma.regularizedUpper(a: 1, x: .infinity) == 0)
        #expect(IncompleteGamma.regularizedUpper(a: 0, x: 1) == nil && IncompleteGamma.regularizedUpper(a: 1, x: -1) == nil)
        // Q(1, x) = e^-x exactly.
        #expect(ExperimentsFixtures.isClose(IncompleteGamma.regularizedUpper(a: 1, x: 30), exp(-30.0)))
    }

    @Test func theNormalTailEqualsScipys() throws {
        for point in try ExperimentsFixtures.reference().normalTwoSided {
            #expect(ExperimentsFixtures.isClose(ExperimentStatistics.normalTwoSidedPValue(point.z), point.pValue), "z \(point.z)")
        }
    }

    @Test func undefinedStatisticsAreNil() {
        let results = ExperimentResults(counts: [
            VariantCounts(key: "control", weight: 1, exposed: 0, converted: 0, picks: 0),
            VariantCounts(key: "b", weight: 1, exposed: 10, converted: 0, picks: 0),
        ])
        #expect(results.variants[0].conversionRate == nil && results.variants[0].conversionInterval == nil)
        #expect(results.variants[0].picksPerExposed == nil)
        #expect(results.variants[1].difference == nil && results.variants[1].pValue == nil)
        #expect(results.variants[1].conversionInterval?.lower == 0)
        // Nobody converted anywhere: no variance, no p-value.
        #expect(ExperimentStatistics.twoProportionPValue(treatment: (0, 10), control: (0, 12)) == nil)
        #expect(ExperimentStatistics.wilsonInterval(successes: 3, trials: 2) == nil)
        #expect(ExperimentStatistics.chiSquareGoodnessOfFit(observed: [0, 0], weights: [1, 1]) == nil)
        #expect(ExperimentStatistics.chiSquareGoodnessOfFit(observed: [5], weights: [1]) == nil)
        // A variant of weight 0 that was exposed is a mismatch whatever the rest.
        let zero = ExperimentStatistics.chiSquareGoodnessOfFit(observed: [10, 10, 1], weights: [1, 1, 0])
        #expect(zero?.pValue == 0 && zero?.degreesOfFreedom == 1)
        let ignored = ExperimentStatistics.chiSquareGoodnessOfFit(observed: [10, 10, 0], weights: [1, 1, 0])
        #expect(ignored?.pValue == 1 && ignored?.degreesOfFreedom == 1)
        #expect(results.json.objectValue?["sampleRatio"] != nil)
    }

    /// The worked example of docs/experiments.md: control 1,000 exposed / 100 converted / 130
    /// picks, treatment 1,000 / 150 / 210, weights 50/50.
    @Test func theWorkedExampleInTheDocsHolds() throws {
        let results = ExperimentResults(counts: [
            VariantCounts(key: "control", weight: 50, exposed: 1000, converted: 100, picks: 130),
            VariantCounts(key: "treatment", weight: 50, exposed: 1000, converted: 150, picks: 210),
        ])
        let control = results.variants[0]
        let treatment = results.variants[1]
        let difference = try #require(treatment.difference)
        let shown: [(String, Double?)] = [
            ("0.100000", control.conversionRate), ("0.082909", control.conversionInterval?.lower), ("0.120152", control.conversionInterval?.upper),
            ("0.130000", control.picksPerExposed), ("0.150000", treatment.conversionRate), ("0.129210", treatment.conversionInterval?.lower),
            ("0.173469", treatment.conversionInterval?.upper), ("0.210000", treatment.picksPerExposed), ("0.050000", difference.estimate),
            ("0.021046", difference.interval.lower), ("0.079032", difference.interval.upper), ("0.000723", treatment.pValue),
            ("0.000000", results.sampleRatio?.statistic), ("1.000000", results.sampleRatio?.pValue),
        ]
        let docs = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/experiments.md"), encoding: .utf8)
        for (text, value) in shown {
            let number = try #require(value)
            #expect(String(format: "%.6f", number) == text)
            #expect(docs.contains(text), "docs/experiments.md shows \(text)")
        }
        #expect(!results.sampleRatioMismatch)
        let z = try #require(Double("3.380617"))
        #expect(docs.contains("3.380617"))
        #expect(abs(Self.workedExampleZ - z) < 5e-7)
    }

    /// The worked example's z statistic, as the docs compute it.
    private static var workedExampleZ: Double {
        let pooled = 250.0 / 2000
        return (0.15 - 0.10) / (pooled * (1 - pooled) * (2.0 / 1000)).squareRoot()
    }

    private static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
