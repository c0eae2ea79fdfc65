import Foundation

/// The statistics of an experiment's results, each with its formula in docs/experiments.md.
/// Every function returns nil where its formula is undefined (no trials, a zero variance)
/// rather than a NaN or an infinity.
public enum ExperimentStatistics {
    /// The standard normal quantile of 0.975 (`scipy.stats.norm.ppf(0.975)`): a 95% interval
    /// is the estimate ± this many standard errors.
    public static let z95 = 1.959963984540054

    /// The sample-ratio check flags a mismatch when its p-value is below this.
    public static let sampleRatioThreshold = 0.001

    /// The 95% Wilson score interval of `successes` in `trials`:
    /// `(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)`, kept within [0, 1] (rounding
    /// would otherwise leave 0 successes a lower end of −1e-17).
    public static func wilsonInterval(successes: Int, trials: Int) -> ProportionInterval? {
        guard trials > 0, (0...trials).contains(successes) else { return nil }
        let n = Double(trials)
        let rate = Double(successes) / n
        let z2 = z95 * z95
        let denominator = 1 + z2 / n
        let center = (rate + z2 / (2 * n)) / denominator
        let halfWidth = z95 * (rate * (1 - rate) / n + z2 / (4 * n * n)).squareRoot() / denominator
        return ProportionInterval(lower: max(0, center - halfWidth), upper: min(1, center + halfWidth))
    }

    /// The difference of two rates, `treatment − control`, with its 95% interval by Newcombe's
    /// hybrid score method (his method 10, from each rate's Wilson interval):
    /// `d − √((p₁−l₁)² + (u₂−p₂)²)` to `d + √((u₁−p₁)² + (p₂−l₂)²)`.
    public static func difference(treatment: (successes: Int, trials: Int), control: (successes: Int, trials: Int)) -> RateDifference? {
        guard let first = wilsonInterval(successes: treatment.successes, trials: treatment.trials),
            let second = wilsonInterval(successes: control.successes, trials: control.trials)
        else { return nil }
        let p1 = Double(treatment.successes) / Double(treatment.trials)
        let p2 = Double(control.successes) / Double(control.trials)
        let estimate = p1 - p2
        let below = ((p1 - first.lower) * (p1 - first.lower) + (second.upper - p2) * (second.upper - p2)).squareRoot()
        let above = ((first.upper - p1) * (first.upper - p1) + (p2 - second.lower) * (p2 - second.lower)).squareRoot()
        return RateDifference(estimate: estimate, interval: ProportionInterval(lower: estimate - below, upper: estimate + above))
    }

    /// The two-sided p-value of the pooled two-proportion z-test:
    /// `z = (p₁ − p₂) / √(p(1−p)(1/n₁ + 1/n₂))` with `p` the pooled rate, and `p = erfc(|z|/√2)`.
    /// Nil when a group has no trials or the pooled rate is 0 or 1 (no variance).
    public static func twoProportionPValue(treatment: (successes: Int, trials: Int), control: (successes: Int, trials: Int)) -> Double? {
        guard treatment.trials > 0, control.trials > 0, (0...treatment.trials).contains(treatment.successes),
            (0...control.trials).contains(control.successes)
        else { return nil }
        let n1 = Double(treatment.trials)
        let n2 = Double(control.trials)
        let pooled = Double(treatment.successes + control.successes) / (n1 + n2)
        let variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
        guard variance > 0 else { return nil }
        let z = (Double(treatment.successes) / n1 - Double(control.successes) / n2) / variance.squareRoot()
        return normalTwoSidedPValue(z)
    }

    /// `P(|Z| ≥ |z|)` for a standard normal `Z`: `erfc(|z|/√2)`, exact in the far tail too.
    public static func normalTwoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }

    /// Pearson's chi-square goodness-of-fit test of `observed` counts against `weights`:
    /// `χ² = Σ (oᵢ − eᵢ)² / eᵢ` with `eᵢ = N·wᵢ/Σw`, and `p = Q((k−1)/2, χ²/2)` (the chi-square
    /// survival function with k−1 degrees of freedom). Categories of weight 0 are left out when
    /// nothing was observed in them, and make `p` 0 when something was. Nil with fewer than two
    /// categories of positive weight, or no observations.
    public static func chiSquareGoodnessOfFit(observed: [Int], weights: [Int]) -> ChiSquareTest? {
        guard observed.count == weights.count, observed.allSatisfy({ $0 >= 0 }), weights.allSatisfy({ $0 >= 0 }) else { return nil }
        let weighted = zip(observed, weights).filter { $0.1 > 0 }
        let total = Double(observed.reduce(0, +))
        let weightSum = Double(weighted.reduce(0) { $0 + $1.1 })
        guard weighted.count >= 2, total > 0 else { return nil }
        let degreesOfFreedom = weighted.count - 1
        if zip(observed, weights).contains(where: { $0.1 == 0 && $0.0 > 0 }) {
            return ChiSquareTest(statistic: .infinity, degreesOfFreedom: degreesOfFreedom, pValue: 0)
        }
        var statistic = 0.0
        for (count, weight) in weighted {
            let expected = total * Double(weight) / weightSum
            statistic += (Double(count) - expected) * (Double(count) - expected) / expected
        }
        guard let pValue = IncompleteGamma.regularizedUpper(a: Double(degreesOfFreedom) / 2, x: statistic / 2) else { return nil }
        return ChiSquareTest(statistic: statistic, degreesOfFreedom: degreesOfFreedom, pValue: pValue)
    }
}

/// An interval of proportions (or of a difference of proportions).
public struct ProportionInterval: Sendable, Hashable {
    /// The lower end.
    public var lower: Double
    /// The upper end.
    public var upper: Double

    /// An interval.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// `{"lower": …, "upper": …}`.
    public var json: JSONValue { .object(["lower": .double(lower), "upper": .double(upper)]) }
}

/// A difference of two rates with its 95% interval.
public struct RateDifference: Sendable, Hashable {
    /// `treatment − control`.
    public var estimate: Double
    /// Newcombe's 95% interval.
    public var interval: ProportionInterval
}

/// The result of a chi-square goodness-of-fit test.
public struct ChiSquareTest: Sendable, Hashable {
    /// Pearson's statistic (infinite when a category of weight 0 was observed).
    public var statistic: Double
    /// k − 1, for k categories of positive weight.
    public var degreesOfFreedom: Int
    /// The chi-square survival function at the statistic.
    public var pValue: Double
}
