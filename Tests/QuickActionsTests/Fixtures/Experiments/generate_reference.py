#!/usr/bin/env python3
"""Writes reference.json, the values the experiment statistics and MurmurHash3 are checked
against, computed by independent implementations:

- MurmurHash3 x86_32: the `mmh3` package (the reference C code);
- Wilson intervals, Newcombe differences and the pooled z-test: statsmodels;
- chi-square goodness of fit and survival function, the normal tail: scipy.

Run from this folder, in a virtual environment with those packages:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install scipy statsmodels mmh3
    /tmp/venv/bin/python generate_reference.py
"""
import json
import random

import mmh3
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint, proportions_ztest

# Each case: (weight, exposed, converted, picks) per variant, the control first.
CASES = {
    "worked example": [("control", 50, 1000, 100, 130), ("treatment", 50, 1000, 150, 210)],
    "small groups": [("control", 1, 12, 3, 4), ("treatment", 1, 9, 5, 11)],
    "no conversions in the control": [("control", 1, 40, 0, 0), ("treatment", 1, 38, 4, 6)],
    "every treatment account converted": [("control", 1, 25, 20, 31), ("treatment", 1, 30, 30, 77)],
    "unequal weights": [("control", 80, 8123, 812, 1030), ("treatment", 20, 1950, 236, 301)],
    "three variants": [("control", 34, 3411, 341, 400), ("b", 33, 3302, 372, 455), ("c", 33, 3287, 298, 350)],
    "sample ratio mismatch": [("control", 50, 10000, 1000, 1200), ("treatment", 50, 10600, 1120, 1400)],
    "severe sample ratio mismatch": [("control", 50, 50000, 5000, 6000), ("treatment", 50, 40000, 4100, 5000)],
    "large and close": [("control", 1, 250000, 25000, 31000), ("treatment", 1, 250400, 25390, 31560)],
    "simulation sized": [("control", 1, 1012, 98, 120), ("treatment", 1, 988, 151, 190)],
}

# (degrees of freedom, statistic) for the chi-square survival function, from the body into the far tail.
CHI_SQUARE_POINTS = [
    (1, 0.001), (1, 0.5), (1, 3.841458820694124), (1, 10.8), (1, 50.0), (1, 200.0), (1, 700.0),
    (2, 0.1), (2, 1.0), (2, 13.8), (2, 100.0), (3, 2.5), (3, 4.0), (3, 30.0), (4, 0.2), (4, 9.0),
    (5, 1.0), (5, 11.07), (7, 6.0), (9, 25.0), (19, 10.0), (19, 30.1), (19, 60.0), (30, 29.0), (99, 123.0),
]

NORMAL_POINTS = [0.0, 0.1, 1.0, 1.959963984540054, 2.5, 3.2, 5.0, 8.0, 12.0, 20.0, -1.5]


def variant_reference(control, variant, is_control):
    key, weight, exposed, converted, picks = variant
    low, upp = proportion_confint(converted, exposed, alpha=0.05, method="wilson")
    result = {
        "key": key, "weight": weight, "exposed": exposed, "converted": converted, "picks": picks,
        "conversionRate": converted / exposed, "wilsonLower": float(low), "wilsonUpper": float(upp),
        "picksPerExposed": picks / exposed,
    }
    if not is_control:
        _, _, c_exposed, c_converted, _ = control
        d_low, d_upp = confint_proportions_2indep(converted, exposed, c_converted, c_exposed, method="newcomb", compare="diff", alpha=0.05)
        _, p_value = proportions_ztest([converted, c_converted], [exposed, c_exposed], alternative="two-sided")
        result.update({
            "difference": converted / exposed - c_converted / c_exposed,
            "differenceLower": float(d_low), "differenceUpper": float(d_upp), "pValue": float(p_value),
        })
    return result


def case_reference(name, variants):
    exposed = [v[2] for v in variants]
    weights = [v[1] for v in variants]
    expected = [sum(exposed) * w / sum(weights) for w in weights]
    chi2, p = stats.chisquare(exposed, f_exp=expected)
    return {
        "name": name,
        "variants": [variant_reference(variants[0], v, i == 0) for i, v in enumerate(variants)],
        "chiSquare": float(chi2), "degreesOfFreedom": len(variants) - 1, "sampleRatioPValue": float(p),
        "sampleRatioMismatch": bool(p < 0.001),
    }


def murmur_vectors():
    rng = random.Random(20260421)
    texts = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "é", "日本語", "Feature.Variants.C:315", "😀 emoji"]
    texts += ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789:-_.") for _ in range(rng.randint(1, 40))) for _ in range(20)]
    seeds = [0, 1, 42, 86028157, 0xFFFFFFFF]
    return [{"text": t, "seed": s, "hash": mmh3.hash(t.encode("utf-8"), s, signed=False)} for t in texts for s in seeds]


def main():
    reference = {
        "source": (
            "Computed by generate_reference.py in this folder with scipy " + scipy.__version__ + ", statsmodels "
            + statsmodels.__version__ + " and mmh3 (the reference MurmurHash3 C code): statsmodels' proportion_confint "
            "(wilson), confint_proportions_2indep (newcomb, diff) and proportions_ztest (pooled, two-sided); scipy's "
            "chisquare, chi2.sf and norm.sf."
        ),
        "cases": [case_reference(name, variants) for name, variants in CASES.items()],
        "chiSquareSurvival": [{"degreesOfFreedom": k, "statistic": x, "pValue": float(stats.chi2.sf(x, k))} for k, x in CHI_SQUARE_POINTS],
        "normalTwoSided": [{"z": z, "pValue": float(2 * stats.norm.sf(abs(z)))} for z in NORMAL_POINTS],
        "murmur3": murmur_vectors(),
    }
    with open("reference.json", "w", encoding="utf-8") as f:
        json.dump(reference, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
