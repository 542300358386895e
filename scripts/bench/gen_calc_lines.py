#!/usr/bin/env python3
"""Writes seeded random JSON Lines for `cotside calc --batch` benchmarks (dev-time only).

usage: gen_calc_lines.py growth|mixed|bsa COUNT [SEED] > out.jsonl
  growth: random sex, age_days 1-730, weight_kg and length_cm around the WHO medians
  mixed:  every contract tool with valid random inputs, about 2 % of lines out of range
  bsa:    bsa lines (a stand-in for growth before the growth tool exists)
"""
import json
import random
import sys


def growth(r, i):
    age = r.randint(1, 730)
    # Rough WHO medians so most values are plausible; spread +-25 %.
    weight = (3.3 + 9.0 * (age / 730) ** 0.6) * r.uniform(0.75, 1.25)
    length = (50.0 + 37.0 * (age / 730) ** 0.6) * r.uniform(0.9, 1.1)
    line = {"id": i, "tool": "growth", "sex": r.choice(["male", "female"]), "age_days": age}
    pick = r.random()
    if pick < 0.8 or pick >= 0.9:
        line["weight_kg"] = round(weight, 2)
    if pick >= 0.8:
        line["length_cm"] = round(length, 1)
    return line


def choice(r, n):
    return r.randint(0, n)


def mixed(r, i):
    tool = r.choice(MIXED)
    line = {"id": i, "tool": tool}
    line.update(GENERATORS[tool](r))
    if r.random() < 0.02:  # a few bad lines, answered with errors
        key = next((k for k in line if k not in ("id", "tool")), "weight_kg")
        line[key] = -1
    return line


GENERATORS = {
    "apgar": lambda r: {k: choice(r, 2) for k in ("appearance", "pulse", "grimace", "activity", "respiration")},
    "ballard": lambda r: {"posture": r.randint(0, 4), "square_window": r.randint(-1, 4), "arm_recoil": r.randint(0, 4),
                          "popliteal_angle": r.randint(-1, 5), "scarf_sign": r.randint(-1, 4), "heel_to_ear": r.randint(-1, 4),
                          "skin": r.randint(-1, 5), "lanugo": r.randint(-1, 4), "plantar_surface": r.randint(-2, 4),
                          "breast": r.randint(-1, 4), "eye_ear": r.randint(-2, 4), "genitals": r.randint(-1, 4)},
    "pews": lambda r: {"behavior": choice(r, 3), "cardiovascular": choice(r, 3), "respiratory": choice(r, 3),
                       "nebulizer_every_15min": r.random() < 0.1},
    "flacc": lambda r: {k: choice(r, 2) for k in ("face", "legs", "activity", "cry", "consolability")},
    "gcs": lambda r: {"eye": r.randint(1, 4), "verbal": r.randint(1, 5), "motor": r.randint(1, 6), "age_years": r.randint(0, 17)},
    "pram": lambda r: {"suprasternal_retractions": r.choice([0, 2]), "scalene_retractions": r.choice([0, 2]),
                       "wheezing": choice(r, 3), "air_entry": choice(r, 3), "spo2_percent": r.randint(85, 100)},
    "pecarn": lambda r: {"age_months": r.randint(0, 215), "gcs": r.choice([14, 15, 15, 15]), "vomiting": r.random() < 0.2,
                         "loss_of_consciousness_seconds": r.choice([0, 0, 3, 10])},
    "phoenix": lambda r: {"age_months": r.randint(0, 215), "suspected_infection": True, "pf_ratio": r.randint(50, 500),
                          "on_imv": r.random() < 0.3, "vasoactive_count": r.randint(0, 2), "lactate_mmol_l": round(r.uniform(0.5, 12), 1)},
    "ivfluid": lambda r: {"weight_kg": round(r.uniform(0.5, 90), 2)},
    "bsa": lambda r: {"height_cm": round(r.uniform(45, 190), 1), "weight_kg": round(r.uniform(2, 90), 2)},
    "corrected_age": lambda r: {"birth_date": "2026-%02d-%02d" % (r.randint(1, 6), r.randint(1, 28)),
                                "gestational_age_weeks": r.randint(23, 42), "as_of": "2026-11-21"},
    "dehydration": lambda r: {"weight_kg": round(r.uniform(3, 60), 1), "percent": r.choice([3, 5, 7, 10])},
    "fena": lambda r: {"urine_na": r.randint(5, 150), "plasma_na": r.randint(125, 150), "urine_cr": r.randint(20, 200), "plasma_cr": round(r.uniform(0.3, 5), 2)},
    "ett": lambda r: {"age_years": r.randint(1, 16)} if r.random() < 0.7 else {"weight_kg": round(r.uniform(0.4, 5), 2)},
    "gfr": lambda r: {"height_cm": round(r.uniform(50, 180), 1), "creatinine_mg_dl": round(r.uniform(0.2, 3), 2)},
    "qtc": lambda r: {"qt_ms": r.randint(280, 480), "heart_rate_bpm": r.randint(50, 180)},
    "fast_ed": lambda r: {"facial_palsy": choice(r, 1), "arm_weakness": choice(r, 2), "speech_changes": choice(r, 2),
                          "eye_deviation": choice(r, 2), "denial_neglect": choice(r, 2)},
    "ich_volume": lambda r: {"gfap_pg_ml": round(10 ** r.uniform(1.5, 4), 1)},
    "lvo": lambda r: {"gfap_pg_ml": round(10 ** r.uniform(1.5, 4), 1), "fast_ed": r.randint(0, 9)},
    "growth": lambda r: {k: v for k, v in growth(r, 0).items() if k not in ("id", "tool")},
    "bp": lambda r: {"sex": r.choice(["male", "female"]), "age_years": r.randint(1, 17), "height_cm": r.randint(80, 180),
                     "systolic_mmhg": r.randint(85, 150), "diastolic_mmhg": r.randint(45, 95)},
    "bilirubin": lambda r: {"gestational_age_weeks": r.randint(35, 41), "age_hours": r.randint(1, 336),
                            "tsb_mg_dl": round(r.uniform(2, 25), 1), "neurotoxicity_risk_factors": r.random() < 0.2},
    "dosage": lambda r: {"drug": r.choice(["paracetamol", "ibuprofen", "amoxicillin"]), "weight_kg": round(r.uniform(3, 60), 1)},
}
MIXED = list(GENERATORS)


def main():
    kind, count = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261121
    r = random.Random(seed)
    make = {"growth": growth, "mixed": mixed, "bsa": lambda r, i: dict(id=i, tool="bsa", **GENERATORS["bsa"](r))}[kind]
    out = sys.stdout
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    for i in range(count):
        out.write(dumps(make(r, i)))
        out.write("\n")


if __name__ == "__main__":
    main()
