// The dashboard page's one bridge to the host, typed by its contract: the entry and the components
// that send (exports, run diffs, click-throughs) share it.
import { connectView } from '../shared/bridge';
import { DashboardView } from '../../src/shared/protocol/dashboard';

export const bridge = connectView(DashboardView);
