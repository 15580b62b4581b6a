// bench/results/review.json: the figures, what each one measures, and the targets met or missed
// (a miss is recorded, never thrown; the 5 MB model and the long tasks while turning are figures to watch).
import type { measureBigRound } from './long-tasks.ts';
import type { measureOpens } from './open.ts';
import type { measurePins } from './pins.ts';

type Opens = Awaited<ReturnType<typeof measureOpens>>;
type Pin = Awaited<ReturnType<typeof measurePins>>;
type Big = Awaited<ReturnType<typeof measureBigRound>>;

const NOTES = [
  "Times are from the click event's own timestamp to the first animation frame whose rAF callback sees the thing on the page (the frame that paints it), as bench/web's keystrokes are timed.",
  "open.*.poster_ms: to the poster on screen: the first frame at or after both the poster's element showing it (the page's own poster <img>, or model-viewer's poster with that background) and its file having arrived (Resource Timing's responseEnd), or the model itself drawn if it came first (shown_first: img, poster or model); within a frame of the paint a Chromium trace shows.",
  'open.*.turnable_ms: to the frame after model-viewer reports the model visible (poster dismissed, model drawn): it can be turned. load_ms: to its load event.',
  'open: 10 models of "Bench: open", each delivered through POST /posts/review/version/store as staff (one of the demo’s own .glb files, tens of kB, and a 1600x1200 JPEG poster of its own), each opened from the list for the first time online after the previous one could be turned; offline: the page reloaded with the browser offline (served by the service worker) and the same models opened again from its cache.',
  'open.large: a 5.2 MB .glb (70,756 vertices, a 2048 px JPEG texture: bench/review/big-glb.ts) delivered through the same route; WebGL is software here (SwiftShader): a figure to watch, not a gate.',
  "pin: a click on the model (30 points spread over its surface) to the draft pin (the numbered marker the comment box opens at, before Save) placed by model-viewer at the click's point. click_to_pin_*: from the pointerup's own timestamp; hit_test_ms: model-viewer's positionAndNormalFromPoint alone, as the page calls it; input_delay_ms: the pointerup to its listener running; handler_to_pin_frame_less_hit_test_ms: from the listener's start to the frame showing the pin, less the hit test; within_one_frame_of_hit_test: its p95 <= the idle frame interval (as bench:preview judges its frame, on the latency the page controls: the time from the event's timestamp adds Chromium's wait for the next frame, whose p95 alone is about a frame: noop_click_to_frame_floor_ms, a click on the round's title that changes nothing). Each click (and each open) waits for the page to draw at the display's rate again: the previous action's software-WebGL frames are over.",
  'big_round: "Bench: 40 models": 40 models with 3 versions each (1 and 2 changes requested), version 3 with 200 pins (150 on the model, 50 on its renders, a third resolved, every other one with a reply), written in SQL. Long tasks: PerformanceObserver longtask over 50 ms. Scroll: 25 wheel steps of 120 px down the model list and 25 back, a frame each. Open pins: 8 model pins from the list (to the thread shown and the camera at rest on the pin); then render pin, model pin, render pin, model pin (the stage switches between a render and the 3D model). Turn: a 300 px mouse drag over the model in 60 moves, a frame each.',
  "big_round.*.cpu: the same part's main-thread tasks over 50 ms from a Chromium trace, each as [wall ms, CPU ms] (the trace's thread time): a task's wall time includes waiting for a core and for the compositor or the GPU process (software WebGL); its CPU time is the page's own work.",
  'The machine is shared (2 cores): load_avg_1m says how busy it was; figures taken under load are inflated.',
];

export function reviewResults(m: {
  browser: string;
  cores: number;
  load: { before: number; after: number };
  opens: Opens;
  pin: Pin;
  big: Big;
}) {
  const { opens, pin, big } = m;
  const noLong = (p: { long_tasks: number }) => p.long_tasks === 0;
  return {
    when: new Date().toISOString(),
    machine: {
      cores: m.cores,
      browser: `Chromium ${m.browser} (the full browser, headless, SwiftShader WebGL), production build`,
      viewport: '1280x800',
      load_avg_1m: m.load,
    },
    notes: NOTES,
    open: opens,
    pin,
    big_round: big,
    targets: {
      poster_online_median_within_300ms: opens.online.poster_ms.median <= 300,
      poster_offline_median_within_300ms: opens.offline.poster_ms.median <= 300,
      poster_offline_same_or_better_than_online: opens.offline.poster_ms.median <= opens.online.poster_ms.median,
      pin_p95_within_one_frame_of_hit_test: pin.within_one_frame_of_hit_test,
      big_round_scroll_no_task_over_50ms: noLong(big.scroll_model_list),
      big_round_open_pin_no_task_over_50ms: noLong(big.open_pins.model_pins) && noLong(big.open_pins.render_and_back),
      // Not the gates: the same tasks counted by their main-thread CPU (big_round.*.cpu).
      cpu_only: {
        big_round_scroll_no_task_over_50ms_cpu: big.scroll_model_list.cpu.over_50ms_cpu === 0,
        big_round_open_pin_no_task_over_50ms_cpu:
          big.open_pins.model_pins.cpu.over_50ms_cpu + big.open_pins.render_and_back.cpu.over_50ms_cpu === 0,
      },
      watch_only: {
        large_glb_turnable_ms: opens.large.online.turnable_ms,
        large_glb_turnable_offline_ms: opens.large.offline.turnable_ms,
        turn_model_long_tasks: big.turn_model.long_tasks,
        turn_model_longest_task_ms: big.turn_model.longest_ms,
      },
    },
  };
}
