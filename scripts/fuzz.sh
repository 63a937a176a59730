#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/, Docs/Fuzzing.md) and runs them.
#
#   scripts/fuzz.sh [TARGET…] [--minutes N | --seconds N] [--max-runs N] [--release] [--skip-build] [--ci]
#
# With no TARGET every target runs, one after another, each for the given time (default 5 minutes).
# --max-runs N also stops a target after N executions (issue 15's bar: 10 million executions or 30 minutes).
# --release builds with optimisation: a slower build, about 5 times the executions per second (long runs).
# --skip-build runs the targets as last built (while another build holds .build-fuzz, for instance).
# --ci is the short regression pass of scripts/test.sh: a fixed seed and a fixed number of executions per target
# (ci_runs_for), so every machine explores exactly the same inputs, fast or slow; the time is then a cap only.
# It stops at the first crash and fails.
# Without --ci a crash is saved and the target restarts for the rest of its time.
# Everything lives in .build-fuzz/ (git-ignored): the sanitizer build, seeds/TARGET (made from ../shared/media),
# corpus/TARGET (what the fuzzer found; re-running continues from it), crashes/TARGET (reproducers),
# logs/TARGET.log. Fuzz/Seeds (hand-written) and Fuzz/Regressions (fixed crashes) are read in every run.
# Reproduce a crash with: .build-fuzz/debug/fuzz-TARGET CRASH_FILE (or release/ after --release)
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_TARGETS=(media-inspection image-decode predicates filter-chains extension-manifest raw-develop movie-decode movie-export kernel-source qr-symbol service-requests service-http)
targets=()
seconds=300
ci=0
config=debug
skip_build=0
max_runs=0
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) seconds=$(( $2 * 60 )); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --max-runs) max_runs=$2; shift 2 ;;
    --ci) ci=1; shift ;;
    --release) config=release; shift ;;
    --skip-build) skip_build=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1 (see --help)" >&2; exit 64 ;;
    *)
      if [[ " ${ALL_TARGETS[*]} " != *" $1 "* ]]; then
        echo "unknown target $1 (targets: ${ALL_TARGETS[*]})" >&2; exit 64
      fi
      targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

WORK=.build-fuzz
MEDIA=${PHOTOKIT_SHARED_MEDIA:-../shared/media}
mkdir -p "$WORK"

# What building needs (the C libraries); idempotent, silent when everything is there.
scripts/setup.sh >/dev/null

# The sanitizer build: Swift with libFuzzer's coverage and ASan; C targets with ASan and UBSan (trapping, so no
# UBSan runtime is needed and a report stops the run like a crash). PHOTOKIT_FUZZ=1 adds the targets to the package.
build_flags=(--build-path "$WORK" -c "$config"
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
  -Xcc -fsanitize=fuzzer-no-link,address,undefined -Xcc -fsanitize-trap=undefined)
for target in "${targets[@]}"; do
  if [ "$skip_build" -eq 1 ] && [ -x "$WORK/$config/fuzz-$target" ]; then continue; fi
  echo "== building fuzz-$target"
  if ! PHOTOKIT_FUZZ=1 swift build "${build_flags[@]}" --product "fuzz-$target" >"$WORK/build-$target.log" 2>&1; then
    grep -v "Cannot export local symbol" "$WORK/build-$target.log" | tail -30
    echo "fuzz.sh: building fuzz-$target failed (full log: $WORK/build-$target.log)" >&2
    exit 1
  fi
done

# Seeds generated from the shared media corpus into .build-fuzz/seeds/TARGET, once (a marker records it).
seed_from_media() {
  local target=$1 corpus=$2
  mkdir -p "$corpus"
  [ -f "$corpus/.seeded-from-media" ] && return 0
  if [ ! -d "$MEDIA" ]; then
    echo "   $MEDIA is absent: $target starts from the hand-written seeds only"
    return 0
  fi
  case "$target" in
    media-inspection|image-decode)
      # media-inspection reads headers only: whole files up to 1.1 MB, the first 256 KB of larger ones (headers,
      # truncation). image-decode decodes every pixel, which takes seconds for a real photo under ASan: only
      # files up to 160 KB, and 64-px re-encodings of the larger JPEG/PNG/TIFF with their metadata copied back
      # (FFmpeg and exiftool, both installed by setup.sh).
      local limit=1150000
      [ "$target" = image-decode ] && limit=160000
      while IFS= read -r -d '' file; do
        local name
        name=$(echo "$file" | sed "s|^$MEDIA/||; s|/|_|g")
        if [ "$(stat -c %s "$file")" -le "$limit" ]; then cp "$file" "$corpus/$name"
        elif [ "$target" = media-inspection ]; then head -c 262144 "$file" >"$corpus/head256k-$name"
        elif command -v ffmpeg >/dev/null && [[ "${name,,}" =~ \.(jpe?g|png|tiff?)$ ]]; then
          ffmpeg -nostdin -loglevel error -y -i "$file" -frames:v 1 -vf 'scale=64:-2' "$corpus/small-$name" 2>/dev/null || true
          if [ -f "$corpus/small-$name" ] && command -v exiftool >/dev/null; then
            exiftool -q -q -overwrite_original -TagsFromFile "$file" -all:all -icc_profile "$corpus/small-$name" 2>/dev/null || true
          fi
        fi
      done < <(find "$MEDIA" -type f -size +0 \( -path '*/images/*' -o -path '*/heic/*' -o -path '*/raw/*' \
                 -o -path '*/livephoto/*' -o -path '*/broken/*' -o -path '*/video/*' -o -path '*/audio/*' \) -print0)
      # One small picture in each format and layout FFmpeg writes (an installed dependency).
      if command -v ffmpeg >/dev/null; then
        local source="testsrc2=size=40x24:rate=5"
        local f
        for f in "rgb24:png" "rgba64be:png" "gray:png" "pal8:png" "ya8:png" "yuvj420p:jpg" "yuvj444p:jpg" \
                 "gray:jpg" "rgb24:tif" "rgba:tif" "gray16le:tif" "pal8:gif" "rgba:webp" "yuv420p:webp"; do
          local pix=${f%%:*} ext=${f##*:}
          ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 1 -pix_fmt "$pix" \
            "$corpus/ffmpeg-$pix.$ext" 2>/dev/null || true
        done
        ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 3 "$corpus/ffmpeg-animated.gif" 2>/dev/null || true
        ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 3 -loop 0 "$corpus/ffmpeg-animated.webp" 2>/dev/null || true
        ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 3 -plays 0 "$corpus/ffmpeg-animated.apng" 2>/dev/null || true
        if [ "$target" = media-inspection ]; then
          ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 5 -c:v mpeg4 "$corpus/ffmpeg-small.mp4" 2>/dev/null || true
          ffmpeg -nostdin -loglevel error -y -f lavfi -i "$source" -frames:v 5 -c:v mpeg4 "$corpus/ffmpeg-small.mov" 2>/dev/null || true
        fi
      fi
      ;;
    movie-decode)
      # Whole movies up to 64 KB, the first 64 KB of larger ones (an index at the end is then missing: that too).
      find "$MEDIA/video" "$MEDIA/livephoto" "$MEDIA/broken" -type f \( -iname '*.mov' -o -iname '*.mp4' -o -iname '*.m4a' \) 2>/dev/null |
        while read -r file; do head -c 65536 "$file" >"$corpus/head64k-$(basename "$file")"; done
      ;;
    *) ;;   # text surfaces: the hand-written seeds are the right start
  esac
  touch "$corpus/.seeded-from-media"
}

# Per-target libFuzzer options: dictionary and largest input.
options_for() {
  case "$1" in
    media-inspection) echo "-dict=Fuzz/Dictionaries/images.dict -max_len=1150000" ;;
    image-decode)     echo "-dict=Fuzz/Dictionaries/images.dict -max_len=1150000" ;;
    predicates)       echo "-dict=Fuzz/Dictionaries/predicates.dict -max_len=4096" ;;
    filter-chains)    echo "-dict=Fuzz/Dictionaries/filter-chains.dict -max_len=4096" ;;
    extension-manifest) echo "-max_len=16384" ;;
    raw-develop)      echo "-dict=Fuzz/Dictionaries/images.dict -max_len=65536" ;;
    movie-decode)     echo "-dict=Fuzz/Dictionaries/images.dict -max_len=65536" ;;
    movie-export)     echo "-max_len=512" ;;
    kernel-source)    echo "-dict=Fuzz/Dictionaries/kernel-source.dict -max_len=4096" ;;
    qr-symbol)        echo "-max_len=4200" ;;
    service-requests) echo "-dict=Fuzz/Dictionaries/service-requests.dict -max_len=16384" ;;
    service-http)     echo "-dict=Fuzz/Dictionaries/service-http.dict -max_len=16384" ;;
  esac
}

# The short pass's executions per target: about what CI's machine does in 10–15 s (twice that time here), so the
# whole test command stays within 30 minutes; the long runs (Docs/Fuzzing.md) give the depth.
# A fixed count, not a time, because a faster machine would otherwise reach inputs a slower one never tries:
# CI once found a crash that this machine's 15 s never reached.
ci_runs_for() {
  case "$1" in
    media-inspection) echo 1500 ;;    # RAW-looking inputs start photokit-raw-probe: ~80 per second here (20,000 hit the 60-s cap)
    image-decode)     echo 1500 ;;
    predicates)       echo 50000 ;;
    filter-chains)    echo 70000 ;;
    extension-manifest) echo 50000 ;;
    raw-develop)      echo 250 ;;    # every input that opens starts photokit-raw-probe and develops (~0.1–0.4 s here)
    movie-decode)     echo 2000 ;;   # ~145 executions per second here (FFmpeg opens and decodes each input)
    movie-export)     echo 1500 ;;   # ~100 executions per second here (every input writes, and often encodes, a movie)
    kernel-source)    echo 10000 ;;  # ~280 executions per second here
    qr-symbol)        echo 3000 ;;   # ~80 executions per second here (version-40 grids, 40 sampled versions a picture)
    service-requests) echo 20000 ;;  # ~1,100–1,700 executions per second here (uploads write and sync a file)
    service-http)     echo 2000 ;;   # a connection per input to a real server on loopback
  esac
}

# LibRaw reads RAW inputs first in photokit-raw-probe (Sources/RAWProbe), built here without sanitizers (one C
# file): a LibRaw crash on an input is then the probe's, and the target sees the library's error.
if ! cc -O2 -o "$WORK/photokit-raw-probe" Sources/C/RAWProbeTool/main.c -lraw_r; then
  echo "fuzz.sh: building photokit-raw-probe failed" >&2; exit 1
fi
export PHOTOKIT_RAW_PROBE=$PWD/$WORK/photokit-raw-probe

# LeakSanitizer is off: Swift keeps references in enum payloads with spare bits set (Data, String, indirect
# cases), which it cannot see, so every once-built global cache is reported as leaked. ASan proper stays on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# A Swift trap goes straight to libFuzzer's handler (which prints the stack and saves the input): the Swift
# runtime's own backtracer reads other threads' stacks, which ASan reports instead of the trap.
export SWIFT_BACKTRACE=enable=no
# In --ci the pass should be the same on every run: Swift's hashing is seeded, and Foundation's dictionaries hash
# addresses, which address-space randomisation changes (setarch -R turns it off for the run, where allowed).
# What is left (timing) still lets a long pass drift, so the pass is short and its count fixed.
norandom=()
if [ "$ci" -eq 1 ]; then
  export SWIFT_DETERMINISTIC_HASHING=1
  if setarch "$(uname -m)" -R true 2>/dev/null; then norandom=(setarch "$(uname -m)" -R); fi
fi

summary=()
failed=0
for target in "${targets[@]}"; do
  corpus="$WORK/corpus/$target" crashes="$WORK/crashes/$target" log="$WORK/logs/$target.log"
  mkdir -p "$corpus" "$crashes" "$WORK/logs"
  seed_from_media "$target" "$WORK/seeds/$target"
  # Inputs: the generated seeds, the hand-written ones, and the minimised reproducers of fixed crashes.
  seeds=("$WORK/seeds/$target")
  for dir in "Fuzz/Seeds/$target" "Fuzz/Regressions/$target"; do [ -d "$dir" ] && seeds+=("$dir"); done
  # New inputs go to the first directory: the kept corpus in a long run; in --ci a scratch one, so the
  # short pass always starts from the same seeds and takes the same time.
  if [ "$ci" -eq 1 ]; then
    corpus="$WORK/corpus-ci/$target"
    rm -rf "$corpus" && mkdir -p "$corpus"
  fi
  : >"$log"
  if [ "$ci" -eq 1 ]; then budget="$(ci_runs_for "$target") executions (at most ${seconds}s)"; else budget="${seconds}s"; fi
  echo "== fuzz-$target for $budget (crashes go to $crashes/, log $log)"
  start=$(date +%s)
  executions=0 found=0
  while :; do
    left=$(( seconds - ($(date +%s) - start) ))
    [ "$left" -gt 0 ] || break
    runs_cap=()
    if [ "$ci" -eq 1 ]; then runs_cap=(-seed=1 -runs="$(ci_runs_for "$target")")
    elif [ "$max_runs" -gt 0 ]; then
      [ "$executions" -lt "$max_runs" ] || break
      runs_cap=(-runs=$(( max_runs - executions )))
    fi
    status=0
    # shellcheck disable=SC2046
    # In --ci the mutation sequence and its length are fixed (-seed=1, -runs), so the short pass explores the same
    # inputs on every run and machine:
    # a regression fails it reliably, and it never fails at random on a crash outside this project's code.
    "${norandom[@]}" "$WORK/$config/fuzz-$target" $(options_for "$target") "${runs_cap[@]}" -max_total_time="$left" -timeout=25 -rss_limit_mb=3072 \
      -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "${seeds[@]}" >"$log.run" 2>&1 || status=$?
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log.run" | tail -1 | grep -o '[0-9]*$' || true)
    # A crashed run prints no final stats; its last status line has the count.
    [ -n "$runs" ] || runs=$(grep -ao '^#[0-9]*' "$log.run" | tail -1 | tr -d '#' || true)
    executions=$(( executions + ${runs:-0} ))
    cat "$log.run" >>"$log" && echo "-- run ended (status $status, ${runs:-0} executions)" >>"$log"
    [ "$status" -eq 0 ] && break
    found=$(( found + 1 ))
    artifact=$(grep -ao "Test unit written to [^ ]*" "$log.run" | tail -1 | sed 's/Test unit written to //')
    grep -aE "(==[0-9]+==ERROR|^SUMMARY|Fatal error:|ERROR: libFuzzer)" "$log.run" | tail -3 | sed 's/^/   /'
    echo "   CRASH in fuzz-$target: reproducer ${artifact:-(none written; see $log)}"
    echo "   reproduce: $WORK/$config/fuzz-$target ${artifact:-CRASH_FILE}"
    if [ "$ci" -eq 1 ]; then break; fi
    sleep 1
  done
  elapsed=$(( $(date +%s) - start ))
  summary+=("$(printf '%-20s %12s executions %6ss  crashes: %s' "$target" "$executions" "$elapsed" "$found")")
  if [ "$found" -gt 0 ]; then
    failed=1
    [ "$ci" -eq 1 ] && break
  fi
done

echo "== fuzzing summary"
printf '   %s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: crashes found; reproducers are under $WORK/crashes/" >&2
  exit 1
fi
