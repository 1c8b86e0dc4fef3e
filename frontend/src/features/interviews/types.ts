/** GET /api/interview-experiences (spec §3, interview experience). */
export interface InterviewRound {
  name: string;
  description: string;
}

export interface InterviewExperience {
  _id: string;
  companyName: string;
  role: string;
  author?: string;
  batch?: string;
  course?: string;
  interviewLocation?: string;
  offerStatus?: string;
  experienceRating?: string;
  difficulty?: string;
  postedDate?: string;
  rounds?: InterviewRound[];
}
