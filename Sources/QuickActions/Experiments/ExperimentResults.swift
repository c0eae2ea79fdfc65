/// What was counted for one variant of an experiment.
public struct VariantCounts: Sendable, Hashable {
    /// The variant's key.
    public var key: String
    /// Its weight (its share of assignments is weight / total weight).
    public var weight: Int
    /// Accounts exposed to it.
    public var exposed: Int
    /// Exposed accounts with at least one counted pick after their exposure.
    public var converted: Int
    /// Counted picks by its exposed accounts.
    public var picks: Int

    /// Counts.
    public init(key: String, weight: Int, exposed: Int, converted: Int, picks: Int) {
        self.key = key
        self.weight = weight
        self.exposed = exposed
        self.converted = converted
        self.picks = picks
    }
}

/// One variant's statistics; the first variant is the control.
public struct VariantResult: Sendable, Hashable {
    /// What was counted.
    public var counts: VariantCounts
    /// `converted / exposed`; nil with nobody exposed.
    public var conversionRate: Double?
    /// The 95% Wilson interval of the conversion rate.
    public var conversionInterval: ProportionInterval?
    /// `picks / exposed`; nil with nobody exposed.
    public var picksPerExposed: Double?
    /// Its conversion rate minus the control's, with Newcombe's 95% interval; nil for the control.
    public var difference: RateDifference?
    /// The two-sided p-value of the pooled two-proportion z-test against the control; nil for the control.
    public var pValue: Double?

    /// `{"key", "weight", "exposed", "converted", "picks", "conversionRate", "conversionRateInterval",
    /// "picksPerExposed", "difference", "differenceInterval", "pValue"}`; a value that is undefined is `null`.
    public var json: JSONValue {
        .object([
            "key": .string(counts.key), "weight": .integer(Int64(counts.weight)), "exposed": .integer(Int64(counts.exposed)),
            "converted": .integer(Int64(counts.converted)), "picks": .integer(Int64(counts.picks)),
            "conversionRate": conversionRate.map(JSONValue.double) ?? .null,
            "conversionRateInterval": conversionInterval?.json ?? .null,
            "picksPerExposed": picksPerExposed.map(JSONValue.double) ?? .null,
            "difference": difference.map { .double($0.estimate) } ?? .null,
            "differenceInterval": difference?.interval.json ?? .null,
            "pValue": pValue.map(JSONValue.double) ?? .null,
        ])
    }
}

/// An experiment's results: each variant against the control, and the sample-ratio check.
public struct ExperimentResults: Sendable, Hashable {
    /// The variants, the control first.
    public var variants: [VariantResult]
    /// The chi-square test of exposures against the weights; nil when it is undefined.
    public var sampleRatio: ChiSquareTest?

    /// Whether the exposures are so far from the weights (p < 0.001) that the assignment or the
    /// counting is suspect, and the comparison with it.
    public var sampleRatioMismatch: Bool {
        sampleRatio.map { $0.pValue < ExperimentStatistics.sampleRatioThreshold } ?? false
    }

    /// The statistics of `counts`, the control first.
    public init(counts: [VariantCounts]) {
        let control = counts.first.map { (successes: $0.converted, trials: $0.exposed) }
        variants = counts.enumerated().map { index, variant in
            let rate = (successes: variant.converted, trials: variant.exposed)
            let exposed = Double(variant.exposed)
            var result = VariantResult(
                counts: variant, conversionRate: variant.exposed > 0 ? Double(variant.converted) / exposed : nil,
                conversionInterval: ExperimentStatistics.wilsonInterval(successes: variant.converted, trials: variant.exposed),
                picksPerExposed: variant.exposed > 0 ? Double(variant.picks) / exposed : nil)
            if index > 0, let control {
                result.difference = ExperimentStatistics.difference(treatment: rate, control: control)
                result.pValue = ExperimentStatistics.twoProportionPValue(treatment: rate, control: control)
            }
            return result
        }
        sampleRatio = ExperimentStatistics.chiSquareGoodnessOfFit(observed: counts.map(\.exposed), weights: counts.map(\.weight))
    }

    /// `{"variants": […], "sampleRatio": {"chiSquare", "degreesOfFreedom", "pValue"} or null,
    /// "sampleRatioMismatch": bool}`.
    public var json: JSONValue {
        let check: JSONValue =
            sampleRatio.map { test in
                .object([
                    "chiSquare": test.statistic.isFinite ? .double(test.statistic) : .null,
                    "degreesOfFreedom": .integer(Int64(test.degreesOfFreedom)), "pValue": .double(test.pValue),
                ])
            } ?? .null
        return .object(["variants": .array(variants.map(\.json)), "sampleRatio": check, "sampleRatioMismatch": .bool(sampleRatioMismatch)])
    }
}
