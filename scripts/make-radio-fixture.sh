#!/usr/bin/env bash
# Makes tests/fixtures/radio/station.mp3, the fixture station's audio: five seconds of soft notes
# (C, E, G, E, C), MP3 at 128 kbps CBR, 44.1 kHz mono, written as bare frames (no ID3 tag, no Xing
# header) so that the file loops seamlessly. Needs ffmpeg (apt-get install ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
note='if(lt(mod(t,5),1),261.63,if(lt(mod(t,5),2),329.63,if(lt(mod(t,5),3),392.00,if(lt(mod(t,5),4),329.63,261.63))))'
ffmpeg -nostdin -hide_banner -loglevel error -y \
  -f lavfi -i "aevalsrc=0.25*sin(PI*mod(t\,1))*sin(2*PI*${note//,/\\,}*t):s=44100:d=5" \
  -ac 1 -c:a libmp3lame -b:a 128k -id3v2_version 0 -write_xing 0 -write_id3v1 0 \
  -f mp3 tests/fixtures/radio/station.mp3
ls -l tests/fixtures/radio/station.mp3
