/** A training (spec §3). */
export interface Training {
  _id: string;
  title: string;
  description?: string | null;
  date: string;
  duration?: string | null;
  mode?: string | null;
  registrationLink?: string | null;
}
