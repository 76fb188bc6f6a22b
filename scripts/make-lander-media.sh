#!/bin/sh
# Makes the lander videos from the demo portraits (issue 23): public/lander-media/video/
#   story.webm + story.mp4         the video lander: the portraits one after another, a slow zoom on each
#   transitions.webm + .mp4        the transitions-video lander: the portraits cross-faded and wiped
#   *-poster.webp                  the first frame, shown before (and instead of) the video
# Muted (no audio track), 480×600, 15 fps, a few hundred KB each. Needs ffmpeg (apt-get install -y ffmpeg).
# Run from the repository root: sh scripts/make-lander-media.sh
set -eu
frames=$(mktemp -d)
out=public/lander-media/video
mkdir -p "$out"
node --import tsx scripts/render-lander-frames.ts "$frames"

# Story: each of 5 portraits 2 s with a slow zoom (Ken Burns), cut together.
inputs=""; filters=""; n=0
for i in 01 03 05 07 09; do
  inputs="$inputs -loop 1 -t 2 -i $frames/frame-$i.png"
  filters="$filters[$n:v]scale=960:1200,zoompan=z='min(zoom+0.0025,1.12)':d=30:s=480x600:fps=15,trim=duration=2,setsar=1[v$n];"
  n=$((n+1))
done
concat=""; k=0; while [ $k -lt $n ]; do concat="$concat[v$k]"; k=$((k+1)); done
ffmpeg -y -loglevel error $inputs -filter_complex "${filters}${concat}concat=n=$n:v=1:a=0,format=yuv420p[out]" -map "[out]" -an -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 "$out/story.webm"
ffmpeg -y -loglevel error -i "$out/story.webm" -an -c:v libx264 -preset slow -crf 32 -pix_fmt yuv420p -movflags +faststart "$out/story.mp4"

# Transitions: 6 pictures, 1.6 s each, joined by xfade transitions of 0.6 s.
ffmpeg -y -loglevel error \
  -loop 1 -t 1.6 -i "$frames/frame-02.png" -loop 1 -t 1.6 -i "$frames/frame-04.png" -loop 1 -t 1.6 -i "$frames/frame-06.png" \
  -loop 1 -t 1.6 -i "$frames/frame-08.png" -loop 1 -t 1.6 -i "$frames/frame-10.png" -loop 1 -t 1.6 -i "$frames/frame-01.png" \
  -filter_complex "[0][1]xfade=transition=fade:duration=0.6:offset=1.0[a];[a][2]xfade=transition=slideleft:duration=0.6:offset=2.0[b];[b][3]xfade=transition=circleopen:duration=0.6:offset=3.0[c];[c][4]xfade=transition=wipeup:duration=0.6:offset=4.0[d];[d][5]xfade=transition=dissolve:duration=0.6:offset=5.0,fps=15,format=yuv420p[out]" \
  -map "[out]" -an -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 "$out/transitions.webm"
ffmpeg -y -loglevel error -i "$out/transitions.webm" -an -c:v libx264 -preset slow -crf 32 -pix_fmt yuv420p -movflags +faststart "$out/transitions.mp4"

for name in story transitions; do
  ffmpeg -y -loglevel error -i "$out/$name.webm" -frames:v 1 -c:v libwebp -quality 70 "$out/$name-poster.webp"
done
rm -rf "$frames"
ls -l "$out"
