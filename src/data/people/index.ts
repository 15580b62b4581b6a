// The people room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { filterLastRegistered, filterLocally, refreshDashboard, useDashboard } from './dashboard.ts';
export type { LastProduct, Round, ServiceItem, TaskItem } from './dashboard.ts';
export { pullAccount, pullPeople, rememberAccount, saveAccount, setAccountPhoto, useAccount, useAccountQueued, useCompanyRoles, useCompanyUsers } from './people.ts';
export { refreshProfile, useProfile } from './profile.ts';
export type { ProfileData } from './profile.ts';
export { useTutorial } from './tutorial.ts';
export type { Snapshot } from './snapshots.ts';
