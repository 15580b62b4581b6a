// The live room's face (issue 44): one connection per browser that pokes every tab to pull, presence, and
// the hooks through which screens say what they have open and read who changed what.
export { startLive } from './live.ts';
export {
  useChangedBy,
  useJobProgress,
  useLiveDashboard,
  useLivePeople,
  useLiveProduct,
  useLiveRound,
  useLiveTick,
  usePresence,
} from './hooks.ts';
