#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_replay (tests/fuzz/corpus/replay/) from the
project's own files:

  - scenarios kept by tests/conformance/replay/run.mjs --keep DIR (random, refusal
    and glTF scenarios), each with its scene.json inlined as model.object_json so
    that the seed stands alone; a glTF scenario's model becomes one of the
    project's glTF files (examples/default.glb, tests/cli/data/nonunit.gltf), so
    its steps run on a model the seed can reach;
  - hand-written replays over examples/default.glb and tests/cli/data/*.json
    that touch every op of docs/replay.md's steps, and a few broken files.

Usage:
  node tests/conformance/replay/run.mjs --cli build/threeanim --seeds 1..16 --keep /tmp/rp/s
  node tests/conformance/replay/run.mjs --cli build/threeanim --seeds 100001..100012 --refusals --keep /tmp/rp/r
  node tests/conformance/replay/run.mjs --cli build/threeanim --seeds 200001..200008 \\
       --gltf "$TA_SAMPLES_DIR" --keep /tmp/rp/g
  tests/fuzz/make_replay_seeds.py /tmp/rp tests/fuzz/corpus/replay

Paths in the seeds are relative to the project's folder, which is where
fuzz_replay looks models up. Seeds are named by a hash of their content.
"""
import hashlib
import json
import os
import sys

OPS = [
    {"op": "play", "action": 0},
    {"op": "set_loop", "action": 0, "loop": "ping_pong", "repetitions": 3},
    {"op": "set", "action": 0, "field": "weight", "value": 0.5},
    {"op": "set", "action": 0, "field": "time_scale", "value": -1.5},
    {"op": "set", "action": 0, "field": "clamp_when_finished", "value": True},
    {"op": "set", "action": 0, "field": "zero_slope_at_start", "value": False},
    {"op": "set", "action": 0, "field": "enabled", "value": True},
    {"op": "fade_in", "action": 0, "duration": 0.5},
    {"op": "update", "delta": 0.1},
    {"op": "play", "action": 1},
    {"op": "cross_fade_from", "action": 1, "other": 0, "duration": 0.4, "warp": True},
    {"op": "update", "delta": 0.25},
    {"op": "warp", "action": 1, "start": 1, "end": 2, "duration": 1},
    {"op": "halt", "action": 0, "duration": 0.3},
    {"op": "update", "delta": 1e9},
    {"op": "start_at", "action": 1, "time": 2},
    {"op": "set_effective_weight", "action": 1, "value": 0.75},
    {"op": "set_effective_time_scale", "action": 1, "value": 2},
    {"op": "set_duration", "action": 0, "duration": 3},
    {"op": "sync_with", "action": 1, "other": 0},
    {"op": "set_time", "time": 0.7},
    {"op": "stop_fading", "action": 0},
    {"op": "stop_warping", "action": 1},
    {"op": "mixer_time_scale", "value": -2},
    {"op": "update", "delta": 0.05},
    {"op": "pause", "action": 0},
    {"op": "unpause", "action": 0},
    {"op": "reset", "action": 1},
    {"op": "cross_fade_to", "action": 0, "other": 1, "duration": 0, "warp": False},
    {"op": "update", "delta": -0.5},
    {"op": "stop", "action": 1},
    {"op": "uncache_action", "action": 1},
    {"op": "stop_all_action"},
    {"op": "update", "delta": 0.016666666666666666},
]


def write(out_dir, text):
    data = text.encode("utf-8") if isinstance(text, str) else text
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(out_dir, name), "wb") as f:
        f.write(data)


def compact(doc):
    return json.dumps(doc, separators=(",", ":"))


def from_kept(kept_dir, out_dir):
    gltf_models = ["examples/default.glb", "tests/cli/data/nonunit.gltf"]
    n = 0
    for group in sorted(os.listdir(kept_dir)):
        gdir = os.path.join(kept_dir, group)
        for name in sorted(os.listdir(gdir)):
            d = os.path.join(gdir, name)
            rp = os.path.join(d, "replay.json")
            if not os.path.isfile(rp):
                continue
            with open(rp) as f:
                replay = json.load(f)
            scene = os.path.join(d, "scene.json")
            if "object_json" in replay.get("model", {}) and os.path.isfile(scene):
                with open(scene) as f:
                    replay["model"] = {"object_json": json.load(f)}
            elif "gltf" in replay.get("model", {}):
                replay["model"] = {"gltf": gltf_models[n % len(gltf_models)]}
            text = compact(replay)
            if len(text) <= 65536:
                write(out_dir, text)
                n += 1
    return n


def by_hand(out_dir):
    seeds = []
    for model in ({"gltf": "examples/default.glb"},):
        for clips in (["walk", "run"], ["wave", {"index": 0}]):
            seeds.append({
                "format": "threeanim-replay/1",
                "model": model,
                "mixer": {"root": None, "time_scale": 1},
                "actions": [
                    {"clip": clips[0]},
                    {"clip": clips[1], "blend_mode": "additive", "additive_reference": {"frame": 0, "fps": 30}},
                    {"clip": clips[0], "subclip": {"start": 3, "end": 20, "fps": 30}, "group": ["#1", "name:hips"]},
                ],
                "record": "all",
                "steps": OPS,
            })
    for path in ("tests/cli/data/curves.json", "tests/cli/data/still.json"):
        seeds.append({
            "format": "threeanim-replay/1",
            "model": {"object_json": path},
            "actions": [{"clip": {"index": 0}}, {"clip": {"index": 0}, "root": None}],
            "record": ["name:mover.position", "name:mover.rotation[z]", "name:tip.visible", "name:tip.name"],
            "steps": OPS,
        })
    for s in seeds:
        write(out_dir, compact(s))
    broken = [
        "",
        "{",
        "[]",
        '{"format":"threeanim-replay/2"}',
        '{"format":"threeanim-replay/1","model":{}}',
        '{"format":"threeanim-replay/1","model":{"gltf":"examples/default.glb"},"steps":[{"op":"nope"}]}',
        '{"format":"threeanim-replay/1","model":{"gltf":"examples/default.glb"},"actions":[{"clip":{"index":99}}],"steps":[]}',
        '{"format":"threeanim-replay/1","model":{"gltf":"examples/default.glb"},"actions":[{"clip":"walk"}],'
        '"record":["#999.position"],"steps":[]}',
        '{"format":"threeanim-replay/1","model":{"object_json":{"metadata":{"version":4.7,"type":"Object"},'
        '"object":{"type":"Scene","children":[]}}},"steps":[{"op":"update","delta":1}]}',
    ]
    for b in broken:
        write(out_dir, b)
    # The empty node reference, true-or-false fields given other values, and an
    # action with as many markers as fit in a seed (fuzz_replay reads at most 64 KiB)
    gl = {"gltf": "examples/default.glb"}
    head = {"format": "threeanim-replay/1", "model": gl}
    marks = [{"name": "m%d" % i, "time": (i % 8) / 8} for i in range(1800)]
    issue29 = [
        dict(head, mixer={"root": ""}, steps=[]),
        dict(head, actions=[{"clip": "walk", "root": ""}], steps=[{"op": "play", "action": 0}]),
        dict(head, actions=[{"clip": "walk", "group": ["#1", ""]}], steps=[]),
        dict(head, actions=[{"clip": "walk"}],
             steps=[{"op": "set_mask", "action": 0, "nodes": {"": 1}, "subtrees": {"#0": 0.5}}]),
        dict(head, steps=[{"op": "root_motion", "node": ""}]),
        dict(head, steps=[{"op": "root_motion", "node": "name:hips", "keep_vertical": "yes"}]),
        dict(head, steps=[{"op": "root_motion", "node": "name:hips", "keep_vertical": True, "yaw": 1}]),
        dict(head, actions=[{"clip": "walk", "markers": [{"name": "a", "time": 0.5}]}],
             steps=[{"op": "play", "action": 0}, {"op": "seek_action", "action": 0, "by": 1, "report": "yes"},
                    {"op": "seek_action", "action": 0, "by": 1, "report": None}]),
        dict(head, actions=[{"clip": "walk"}, {"clip": "run"}],
             steps=[{"op": "cross_fade_to", "action": 0, "other": 1, "duration": 1, "warp": "no"}]),
        dict(head, actions=[{"clip": "walk", "markers": marks}],
             steps=[{"op": "play", "action": 0}, {"op": "set_loop", "action": 0, "loop": "ping_pong"},
                    {"op": "update", "delta": 2.5}, {"op": "seek_action", "action": 0, "by": -3, "report": True}]),
    ]
    for s in issue29:
        write(out_dir, compact(s))
    # blend spaces: 1D, 2D by Delaunay, 2D with triangles, and points on one line (refused)
    acts = [{"clip": "walk"}, {"clip": "run"}, {"clip": "wave"}]
    play = [{"op": "play", "action": i} for i in range(3)]
    tick = {"op": "update", "delta": 0.1}
    blend = [
        dict(head, actions=acts, steps=play + [
            {"op": "blend_space", "points": [1.5, 4], "actions": [0, 1], "parameter": 2.75}, tick]),
        dict(head, actions=acts, steps=play + [
            {"op": "blend_space", "points": [[0, 0], [1, 0], [0, 1], [1, 1]], "actions": [0, 1, 2, None],
             "parameter": [3, -1e30]}, tick]),
        dict(head, actions=acts, steps=play + [
            {"op": "blend_space", "points": [[0, 0], [1, 0], [0, 1]], "triangles": [[0, 1, 2]],
             "actions": [0, 1, 2], "parameter": [0.2, 0.3]}, tick]),
        dict(head, actions=acts, steps=[
            {"op": "blend_space", "points": [[0, 0], [1, 1], [2, 2]], "actions": [0, 1, 2], "parameter": [0, 0]}]),
    ]
    for s in blend:
        write(out_dir, compact(s))
    return len(seeds) + len(broken) + len(issue29) + len(blend)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    kept, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    n = from_kept(kept, out) if os.path.isdir(kept) else 0
    m = by_hand(out)
    print(f"{n} kept scenarios and {m} hand-written files in {out}")


if __name__ == "__main__":
    main()
