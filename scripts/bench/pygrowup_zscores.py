#!/usr/bin/env python3
"""Reference timing: WHO z-scores for growth JSON Lines with pygrowup (dev-time only).

Reads the same lines `cotside calc --batch` reads, answers each with weight-for-age and
length-for-age z-scores as JSON Lines, and prints `lines seconds` on stderr.
usage: pygrowup_zscores.py < growth.jsonl > out.jsonl
"""
import json
import sys
import time

from pygrowup import Observation


def main():
    start = time.perf_counter()
    count = 0
    write = sys.stdout.write
    for line in sys.stdin:
        if not line.strip():
            continue
        count += 1
        item = json.loads(line)
        answer = {"id": item.get("id"), "ok": True, "tool": "growth", "result": {}}
        try:
            obs = Observation(sex=item["sex"], age_in_days=item["age_days"])
            if "weight_kg" in item:
                answer["result"]["weight_for_age"] = {"z": float(obs.wfa(item["weight_kg"]))}
            if "length_cm" in item:
                answer["result"]["length_for_age"] = {"z": float(obs.lhfa(item["length_cm"], recumbent=True))}
        except Exception as error:  # out-of-range values: answered, like the batch does
            answer = {"id": item.get("id"), "ok": False, "tool": "growth", "errors": [{"message": str(error)}]}
        write(json.dumps(answer))
        write("\n")
    sys.stderr.write("%d %.6f\n" % (count, time.perf_counter() - start))


if __name__ == "__main__":
    main()
