import { z } from 'zod';
import { trainingFormSchema } from './schemas';

const validTraining = {
  title: 'Aptitude Bootcamp',
  description: 'Quantitative aptitude and logical reasoning.',
  date: '2025-04-02T10:30:00+05:30',
  duration: '3 hours',
  mode: 'Online',
  registrationLink: 'https://forms.example/aptitude',
};
const messageAt = (input: Record<string, unknown>, field: string) =>
  trainingFormSchema.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('trainingFormSchema', () => {
  it('accepts a complete form and stores the date as UTC', () => {
    expect(trainingFormSchema.parse(validTraining).date).toBe('2025-04-02T05:00:00.000Z');
  });

  it.each([
    ['title', '', 'Please enter a title'],
    ['description', ' ', 'Please enter a description'],
    ['date', undefined, 'Please enter a date and time'],
    ['date', '2025-04-02T10:30', 'Please enter a valid date and time'],
    ['date', 'tomorrow', 'Please enter a valid date and time'],
    ['duration', '', 'Please enter a duration'],
    ['mode', '', 'Please enter a mode'],
    ['registrationLink', '', 'Please enter a registration link'],
    ['registrationLink', 'forms.example/aptitude', 'Please enter a valid URL'],
    ['registrationLink', 'javascript:alert(1)', 'Please enter a valid URL'],
  ])('for %s = %j says %s', (field, value, message) => {
    expect(messageAt({ ...validTraining, [field]: value }, field)).toBe(message);
  });
});

describe('trainingFormSchema in the API description', () => {
  it('documents the date as an ISO date-time (with its offset), so clients and the fuzz test send one', () => {
    const schema = z.toJSONSchema(trainingFormSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { format?: string }> };
    expect(schema.properties.date?.format).toBe('date-time');
  });
});
