import Foundation

/// The regularized incomplete gamma functions, for the chi-square distribution's tail.
public enum IncompleteGamma {
    /// Relative accuracy at which a series or continued fraction stops.
    static let epsilon = 1e-15
    /// Most terms of a series or continued fraction (convergence takes about √a terms).
    static let maxIterations = 10_000
    /// Stands in for 0 in the continued fraction's denominators (modified Lentz's method).
    static let tiny = 1e-300

    /// `Q(a, x) = Γ(a, x) / Γ(a)` for `a > 0`, `x ≥ 0` (nil otherwise): the series of `P(a, x)`
    /// when `x < a + 1`, where it converges fast, else Legendre's continued fraction of `Q`,
    /// which keeps its relative accuracy far into the tail. `Q(k/2, χ²/2)` is the chi-square
    /// survival function with k degrees of freedom.
    public static func regularizedUpper(a: Double, x: Double) -> Double? {
        guard a > 0, x >= 0, a.isFinite, !x.isNaN else { return nil }
        if x == 0 { return 1 }
        if x == .infinity { return 0 }
        if x < a + 1 { return 1 - lowerSeries(a: a, x: x) }
        return upperContinuedFraction(a: a, x: x)
    }

    /// `P(a, x)` for `x < a + 1`: `e^{−x} x^a / Γ(a) · Σₙ xⁿ / (a(a+1)…(a+n))`.
    static func lowerSeries(a: Double, x: Double) -> Double {
        var denominator = a
        var term = 1 / a
        var sum = term
        for _ in 0..<maxIterations {
            denominator += 1
            term *= x / denominator
            sum += term
            if abs(term) < abs(sum) * epsilon { break }
        }
        return sum * exp(-x + a * log(x) - lgamma(a))
    }

    /// `Q(a, x)` for `x ≥ a + 1`: `e^{−x} x^a / Γ(a) · 1/(x+1−a− 1·(1−a)/(x+3−a− 2·(2−a)/(x+5−a− …)))`,
    /// evaluated by the modified Lentz method.
    static func upperContinuedFraction(a: Double, x: Double) -> Double {
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for index in 1...maxIterations {
            let n = Double(index)
            let an = -n * (n - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * fraction
    }
}
