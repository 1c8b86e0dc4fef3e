/** Spec §1: three questions, on how to apply, eligibility and tracking application status. */
export const FAQS = [
  {
    question: 'How do I apply for a job?',
    answer:
      'Sign in with your student account and complete your profile. Open Job Listings, choose View Details on a job, then Apply Now: confirm your name, e-mail and phone number, attach your resume (PDF, DOC or DOCX) and submit. The job then shows Already Applied.',
  },
  {
    question: 'Who is eligible to apply?',
    answer:
      'Every student of the university with a verified account can apply. Each job states its own eligibility, such as degree, percentage or CGPA and backlogs; read it in the job details before you apply.',
  },
  {
    question: 'How can I track my application status?',
    answer:
      'Open My Applications in the sidebar: every application shows its current status, for example Pending, Under Review, Accepted or Rejected, and the dashboard sums them up. You also receive an e-mail when the status changes.',
  },
] as const;
