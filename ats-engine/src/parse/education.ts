/**
 * What an education entry states: a degree, an institution, a year, a grade. Patterns cover Indian
 * and international forms (B.Tech, B.E., BSc, MBA, M.Tech, PhD, Bachelor of ..., Class XII, HSC).
 */

export interface EducationFacts {
  degree?: string;
  institution?: string;
  year?: string;
  grade?: string;
}

const DEGREE =
  /\b(?:B\.?\s?Tech|M\.?\s?Tech|B\.?\s?E\b\.?|M\.?\s?E\b\.?|B\.?\s?Sc|M\.?\s?Sc|B\.?\s?Com|M\.?\s?Com|B\.?\s?A\b\.?|M\.?\s?A\b\.?|BBA|BCA|MCA|MBA|PGDM|Ph\.?\s?D|B\.?\s?Ed|M\.?\s?Ed|B\.?\s?Des|M\.?\s?Des|B\.?\s?Pharm|M\.?\s?Pharm|MBBS|BDS|GNM|Diploma|Bachelor(?:'s)?(?:\s+of\s+[A-Z][\w&]*(?:\s+[A-Z][\w&]*)*)?|Master(?:'s)?(?:\s+of\s+[A-Z][\w&]*(?:\s+[A-Z][\w&]*)*)?|Associate(?:'s)?\s+Degree|Doctor\s+of\s+\w+|Class\s+(?:XII|X|10|12)(?:th)?|(?:Higher|Senior)\s+Secondary|HSC|SSC|CBSE|ICSE|(?:10|12)th)\b/;
const INSTITUTION = /\b(?:University|College|Institute|School|Academy|Polytechnic|Vidyalaya|Vidyapeeth|IIT|NIT|IIIT|IIM|BITS)\b/i;
const YEAR = /\b(?:19|20)\d{2}\b/;
const GRADE = /\b(?:C?GPA|SGPA|CPI|Percentage|Grade|Distinction|First Class)\b|\d{1,2}(?:\.\d+)?\s?%|\b\d\.\d{1,2}\s?\/\s?(?:10|4)(?:\.0)?\b/i;

export function educationFacts(lines: readonly string[]): EducationFacts {
  const facts: EducationFacts = {};
  for (const line of lines) {
    facts.degree ??= DEGREE.exec(line)?.[0];
    if (!facts.institution && INSTITUTION.test(line)) facts.institution = line.trim();
    facts.year ??= YEAR.exec(line)?.[0];
    facts.grade ??= GRADE.exec(line)?.[0];
  }
  return facts;
}
