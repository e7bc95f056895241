import type { MachinesLayout } from '../link/url_state';

/**
 * The all-machines page's part of the link (read and checked with the rest of the link in
 * url_state): the machine whose parameters are open (a LogP preset's id), the unit, and per
 * machine the parameters set away from its preset.
 */
export type MachinesLink = Omit<MachinesLayout, 'kind'>;

export const emptyMachinesLink: MachinesLink = { params: {}, unit: 'us' };
