import { interviewWhen, type ShownInterview } from '../../../shared/interviews';
import '../calendarFeed.css';

/** A scheduled application's interview in My Applications: when, how long, where, and the meeting link. */
export function InterviewSlotShown({ interview }: { interview: ShownInterview }) {
  return (
    <div className="interview-slot-shown" aria-label="Interview">
      <span className="interview-slot-shown__when">Interview: {interviewWhen(interview)}</span>
      {interview.location && <span className="interview-slot-shown__where">{interview.location}</span>}
      {interview.meetingLink && (
        <a className="interview-slot-shown__link" href={interview.meetingLink} target="_blank" rel="noopener noreferrer">
          Join meeting
        </a>
      )}
    </div>
  );
}
