# Sizes that once took quadratic time: a scene of 70,000 named nodes
# (each name checked unique against every other: over 16 s) and a frame that
# passes 1,000,000 markers (its text grown by a strlen per marker: minutes).
# The files are made here with awk. Nothing is timed on the clock: each run has
# a cap on its CPU seconds (ulimit -t), about ten times what it takes now
# (0.8 s and 3.5 s on the 2-core box of the fix) and below what it took
# quadratically (17 s and 56 s there); a run past its cap is killed (SIGXCPU or SIGKILL).
. "$(dirname "$0")/lib.sh"

# capped SECONDS: from now on run calls threeanim with that CPU cap
plain_cli=$CLI
capped() {
  printf '#!/bin/sh\nulimit -t %s\nexec "%s" "$@"\n' "$1" "$plain_cli" >"$WORK/capped_$1"
  chmod +x "$WORK/capped_$1"
  CLI=$WORK/capped_$1
}

I='[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]'

# 70,000 nodes n1 ... n70000 under the scene, and two more both named "twin"
# (so not unique: they go by their uuids); the clip moves n70000 and one twin.
awk -v I="$I" 'BEGIN {
  printf "{\"metadata\":{\"version\":4.7,\"type\":\"Object\",\"generator\":\"check_scale.sh\"},\"object\":{"
  printf "\"uuid\":\"scene\",\"type\":\"Scene\",\"name\":\"S\",\"layers\":1,\"matrix\":%s,\"children\":[", I
  for (i = 1; i <= 70002; ++i) {
    name = i <= 70000 ? "n" i : "twin"
    printf "%s{\"uuid\":\"u%d\",\"type\":\"Object3D\",\"name\":\"%s\",\"layers\":1,\"matrix\":%s}", (i > 1 ? "," : ""), i, name, I
  }
  printf "],\"animations\":[\"c\"]},\"animations\":[{\"uuid\":\"c\",\"name\":\"move\",\"duration\":1,\"blendMode\":2500,\"tracks\":["
  printf "{\"name\":\"n70000.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,1,0,0]},"
  printf "{\"name\":\"u70002.scale\",\"type\":\"vector\",\"times\":[0,1],\"values\":[1,1,1,3,1,1]}]}]}\n"
}' >"$WORK/nodes.json"
capped 10
run 0 bake "$WORK/nodes.json" --fps 2 --seconds 1 || echo "note: exit status 137 or 152 is the CPU cap (ulimit -t 10)"
has "$WORK/out" "clip,frame,time,n70000.position.x,n70000.position.y,n70000.position.z,u70002.scale.x,u70002.scale.y,u70002.scale.z"
has "$WORK/out" "move,1,0.5,0.5,0,0,2,1,1"

# One node, a 1 s clip with 1,000,000 markers m0 ... m999999 at 0.5 s (in its
# userData, as three.js keeps them): at 4 frames a second the frame that ends
# at 0.75 s passes them all, the others none.
awk -v I="$I" 'BEGIN {
  printf "{\"metadata\":{\"version\":4.7,\"type\":\"Object\",\"generator\":\"check_scale.sh\"},\"object\":{"
  printf "\"uuid\":\"scene\",\"type\":\"Scene\",\"name\":\"S\",\"layers\":1,\"matrix\":%s,\"children\":[", I
  printf "{\"uuid\":\"h\",\"type\":\"Object3D\",\"name\":\"hips\",\"layers\":1,\"matrix\":%s}],", I
  printf "\"animations\":[\"c\"]},\"animations\":[{\"uuid\":\"c\",\"name\":\"walk\",\"duration\":1,\"blendMode\":2500,"
  printf "\"userData\":\"{\\\"markers\\\":["
  for (i = 0; i < 1000000; ++i) printf "%s{\\\"name\\\":\\\"m%d\\\",\\\"time\\\":0.5}", (i ? "," : ""), i
  printf "]}\",\"tracks\":[{\"name\":\"hips.position\",\"type\":\"vector\",\"times\":[0,1],\"values\":[0,0,0,2,0,0]}]}]}\n"
}' >"$WORK/markers.json"
capped 40
run 0 bake "$WORK/markers.json" --fps 4 --seconds 1 --format jsonl ||
  echo "note: exit status 137 or 152 is the CPU cap (ulimit -t 40)"
CLI=$plain_cli
has "$WORK/out" '"frame": 2, "time": 0.5, "actions": [{"clip": "walk", "time": 0.5, "weight": 1}], "values": {"hips.position": [1, 0, 0]}, "markers": []}'
has "$WORK/out" '"m0"'
has "$WORK/out" '"m999999"'
equal "markers passed by frame 3" "$(grep '"frame": 3,' "$WORK/out" | tr ',' '\n' | grep -c '"m[0-9]*"')" 1000000
equal "markers passed in all" "$(tr ',' '\n' <"$WORK/out" | grep -c '"m[0-9]*"')" 1000000
finish
