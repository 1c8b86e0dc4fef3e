import { emptyExperienceForm, experienceFormSchema } from './schemas';

const validExperience = {
  companyName: 'Infosys',
  role: 'Systems Engineer',
  author: 'Rahul Verma',
  batch: '2024',
  course: 'B.Tech CSE',
  interviewLocation: 'Campus',
  offerStatus: 'Accepted',
  experienceRating: 'Amazing',
  difficulty: 'Easy',
  rounds: [{ name: 'Aptitude', description: '60 questions in 60 minutes.' }],
};
const messageAt = (input: Record<string, unknown>, path: string) =>
  experienceFormSchema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('experienceFormSchema', () => {
  it('accepts a complete form', () => {
    expect(experienceFormSchema.parse(validExperience)).toEqual(validExperience);
  });

  it('defaults the three selects to No Selected, Neutral and Medium', () => {
    const { offerStatus: _o, experienceRating: _e, difficulty: _d, ...rest } = validExperience;
    expect(experienceFormSchema.parse(rest)).toMatchObject({ offerStatus: 'No Selected', experienceRating: 'Neutral', difficulty: 'Medium' });
  });

  it.each([
    ['companyName', '', 'Please enter the company name'],
    ['role', ' ', 'Please enter the role'],
    ['author', '', 'Please enter your name'],
    ['batch', '', 'Please enter the batch'],
    ['course', undefined, 'Please enter the course'],
    ['interviewLocation', '', 'Please enter the interview location'],
    ['offerStatus', '', 'Please select an offer status'],
    ['offerStatus', 'Maybe', 'Please select an offer status'],
    ['experienceRating', 'Great', 'Please select an experience rating'],
    ['difficulty', '', 'Please select a difficulty'],
    ['rounds', [], 'Please add at least one round'],
    ['rounds', undefined, 'Please add at least one round'],
  ])('for %s = %j says %s', (field, value, message) => {
    expect(messageAt({ ...validExperience, [field]: value }, field)).toBe(message);
  });

  it("asks for each round's name and description", () => {
    const rounds = [validExperience.rounds[0], { name: '', description: ' ' }];
    expect(messageAt({ ...validExperience, rounds }, 'rounds.1.name')).toBe('Please enter the round name');
    expect(messageAt({ ...validExperience, rounds }, 'rounds.1.description')).toBe('Please enter the round description');
  });

  it('starts the form with the defaults and one empty round, which is not yet valid', () => {
    expect(emptyExperienceForm()).toMatchObject({ offerStatus: 'No Selected', experienceRating: 'Neutral', difficulty: 'Medium', rounds: [{ name: '', description: '' }] });
    expect(experienceFormSchema.safeParse(emptyExperienceForm()).success).toBe(false);
  });
});
