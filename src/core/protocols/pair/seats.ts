// The seats a person can take in PAIR's runs (Teach mode): the candidate's, repairing a program
// from the hints the feedback model writes.
import type { SeatSpec, TeachSpec } from '../contract.ts';
import { CANDIDATE_SEAT } from '../../teach/seat.ts';

export const CANDIDATE_SEAT_SPEC: SeatSpec = {
  id: 'candidate',
  role: 'candidate',
  label: 'Repair a program from hints',
  summary:
    'You take the candidate’s seat: you see the statement, your program and, after each submission, how many hidden tests pass and the next hint, deeper while a failure persists. You submit programs; the session is scored with PAIR’s metrics, like the models.',
  view: 'repair-candidate',
  io: CANDIDATE_SEAT,
};

export const PAIR_TEACH: TeachSpec = { seats: [CANDIDATE_SEAT_SPEC] };
