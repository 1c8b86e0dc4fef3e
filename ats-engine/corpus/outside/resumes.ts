/**
 * Ten JSON Resume documents (https://jsonresume.org/schema) written for the outside corpus: varied
 * fields, degrees and lengths, several with the Indian education history of the portal's students
 * (Class X and XII boards, B.Tech/B.Com/MBBS with CGPA). Every layout renders these same
 * documents, so the ground truth is the document itself.
 */
import type { Industry } from '@placement/domain';

export interface JsonResume {
  basics: {
    name: string;
    label?: string;
    email?: string;
    phone?: string;
    url?: string;
    summary?: string;
    location?: { city?: string; region?: string; countryCode?: string };
    profiles?: { network: string; username: string; url: string }[];
  };
  work?: { name: string; position: string; location?: string; startDate: string; endDate?: string; summary?: string; highlights?: string[] }[];
  volunteer?: { organization: string; position: string; startDate: string; endDate?: string; summary?: string; highlights?: string[] }[];
  education?: { institution: string; area: string; studyType: string; startDate: string; endDate?: string; score?: string; courses?: string[] }[];
  awards?: { title: string; date: string; awarder: string; summary?: string }[];
  certificates?: { name: string; date: string; issuer: string }[];
  publications?: { name: string; publisher: string; releaseDate: string; summary?: string }[];
  skills?: { name: string; level?: string; keywords: string[] }[];
  languages?: { language: string; fluency: string }[];
  interests?: { name: string; keywords?: string[] }[];
  projects?: { name: string; description: string; startDate?: string; endDate?: string; highlights?: string[]; url?: string }[];
}

export interface OutsideResume {
  id: string;
  industry: Industry;
  resume: JsonResume;
}

export const OUTSIDE_RESUMES: OutsideResume[] = [
  {
    id: 'priya-software',
    industry: 'software',
    resume: {
      basics: {
        name: 'Priya Raghunathan',
        label: 'Software Engineer',
        email: 'priya.raghunathan@example.com',
        phone: '+91 98450 12345',
        url: 'https://priyar.dev',
        summary: 'Backend engineer who builds reliable payment APIs in Java and Go.',
        location: { city: 'Bengaluru', region: 'Karnataka', countryCode: 'IN' },
        profiles: [
          { network: 'GitHub', username: 'priyar', url: 'https://github.com/priyar' },
          { network: 'LinkedIn', username: 'priya-raghunathan', url: 'https://www.linkedin.com/in/priya-raghunathan' },
        ],
      },
      work: [
        {
          name: 'Razorpay',
          position: 'Software Engineer',
          startDate: '2022-07-01',
          summary: 'Payments platform team.',
          highlights: ['Cut settlement API latency by 35% by caching merchant lookups in Redis', 'Built a reconciliation service in Go processing 2 million transactions a day', 'Mentored 3 interns on code review and testing'],
        },
        { name: 'Infosys', position: 'Software Engineering Intern', startDate: '2021-05-01', endDate: '2021-07-31', highlights: ['Automated 40 regression tests with JUnit and Selenium'] },
      ],
      education: [
        { institution: 'National Institute of Technology Tiruchirappalli', area: 'Computer Science and Engineering', studyType: 'B.Tech', startDate: '2018-07-01', endDate: '2022-05-31', score: 'CGPA 8.7/10', courses: ['Data Structures', 'Operating Systems', 'Databases'] },
        { institution: 'DAV Boys Senior Secondary School, Chennai', area: 'Class XII (CBSE)', studyType: 'Senior Secondary', startDate: '2016-06-01', endDate: '2018-03-31', score: '94.2%' },
        { institution: 'DAV Boys Senior Secondary School, Chennai', area: 'Class X (CBSE)', studyType: 'Secondary', startDate: '2015-06-01', endDate: '2016-03-31', score: 'CGPA 10' },
      ],
      skills: [
        { name: 'Languages', keywords: ['Java', 'Go', 'Python', 'SQL'] },
        { name: 'Tools', keywords: ['Docker', 'Kubernetes', 'Redis', 'PostgreSQL', 'Git'] },
      ],
      projects: [{ name: 'Ledger Lite', description: 'Double-entry bookkeeping library for Go.', startDate: '2021-01-01', highlights: ['200 stars on GitHub'] }],
      languages: [{ language: 'English', fluency: 'Fluent' }, { language: 'Tamil', fluency: 'Native' }],
    },
  },
  {
    id: 'maria-volunteer',
    industry: 'education',
    resume: {
      basics: {
        name: 'Maria Gonzalez',
        label: 'Elementary Teacher',
        email: 'maria.gonzalez@example.org',
        phone: '(909) 555-5555',
        summary: 'Bilingual elementary teacher focused on early literacy.',
        location: { city: 'Pomona', region: 'CA', countryCode: 'US' },
        profiles: [{ network: 'LinkedIn', username: 'mariagonzalez', url: 'https://www.linkedin.com/in/mariagonzalez' }],
      },
      work: [
        { name: 'Pomona Unified School District', position: 'Second Grade Teacher', startDate: '2020-08-15', highlights: ['Raised class reading scores by 18% in one year', 'Designed a bilingual phonics curriculum used by 6 teachers'] },
      ],
      volunteer: [
        { organization: 'Pomona Public Library', position: 'Reading Tutor', startDate: '2018-01-01', endDate: '2020-06-30', highlights: ['Tutored 25 children in reading every week'] },
      ],
      education: [{ institution: 'California State Polytechnic University, Pomona', area: 'Liberal Studies', studyType: 'Bachelor of Arts', startDate: '2016-08-20', endDate: '2020-05-30', score: 'GPA 3.7' }],
      certificates: [{ name: 'Multiple Subject Teaching Credential', date: '2020-07-01', issuer: 'California Commission on Teacher Credentialing' }],
      skills: [{ name: 'Teaching', keywords: ['Lesson Planning', 'Classroom Management', 'Differentiated Instruction', 'Google Classroom'] }],
      languages: [{ language: 'Spanish', fluency: 'Native' }, { language: 'English', fluency: 'Fluent' }],
    },
  },
  {
    id: 'arjun-finance',
    industry: 'finance',
    resume: {
      basics: {
        name: 'Arjun Mehta',
        label: 'Financial Analyst',
        email: 'arjun.mehta@example.in',
        phone: '+91 99200 54321',
        location: { city: 'Mumbai', region: 'Maharashtra', countryCode: 'IN' },
        profiles: [{ network: 'LinkedIn', username: 'arjunmehta', url: 'https://linkedin.com/in/arjunmehta' }],
      },
      work: [
        { name: 'HDFC Bank', position: 'Financial Analyst', startDate: '2021-06-01', highlights: ['Built a cash-flow forecasting model in Excel that cut variance by 12%', 'Prepared monthly MIS reports for 14 branches'] },
        { name: 'Deloitte', position: 'Audit Intern', startDate: '2020-05-01', endDate: '2020-07-31', highlights: ['Tested internal controls for 3 manufacturing clients'] },
      ],
      education: [
        { institution: 'Narsee Monjee College of Commerce and Economics', area: 'Accounting and Finance', studyType: 'B.Com', startDate: '2018-06-01', endDate: '2021-04-30', score: 'CGPA 9.1' },
        { institution: 'Jai Hind College', area: 'Class XII (Maharashtra State Board)', studyType: 'HSC', startDate: '2016-06-01', endDate: '2018-03-31', score: '88%' },
      ],
      certificates: [{ name: 'CFA Level I', date: '2022-08-01', issuer: 'CFA Institute' }],
      awards: [{ title: 'Best Outgoing Student', date: '2021-04-01', awarder: 'Narsee Monjee College' }],
      skills: [{ name: 'Finance', keywords: ['Financial Modeling', 'Excel', 'Tally', 'Valuation', 'Power BI'] }],
    },
  },
  {
    id: 'sneha-data',
    industry: 'data_science',
    resume: {
      basics: {
        name: 'Sneha Kulkarni',
        label: 'Data Scientist',
        email: 'sneha.kulkarni@example.com',
        phone: '+91 91234 56780',
        url: 'https://snehak.github.io',
        summary: 'Data scientist working on demand forecasting and NLP.',
        location: { city: 'Pune', countryCode: 'IN' },
        profiles: [
          { network: 'GitHub', username: 'snehak', url: 'https://github.com/snehak' },
          { network: 'Kaggle', username: 'snehak', url: 'https://www.kaggle.com/snehak' },
        ],
      },
      work: [
        { name: 'Fractal Analytics', position: 'Data Scientist', startDate: '2021-08-01', highlights: ['Improved demand forecast accuracy by 9% with gradient boosting', 'Deployed 4 models as FastAPI services on AWS'] },
      ],
      education: [
        { institution: 'Indian Institute of Technology Madras', area: 'Data Science', studyType: 'M.Tech', startDate: '2019-07-01', endDate: '2021-06-30', score: 'CGPA 8.9' },
        { institution: 'College of Engineering Pune', area: 'Electronics and Telecommunication', studyType: 'B.Tech', startDate: '2015-07-01', endDate: '2019-05-31', score: 'CGPA 8.2' },
      ],
      publications: [{ name: 'Transformer Models for Marathi News Classification', publisher: 'ICON 2020', releaseDate: '2020-12-01' }],
      skills: [
        { name: 'Machine Learning', keywords: ['Python', 'Pandas', 'scikit-learn', 'PyTorch', 'XGBoost'] },
        { name: 'Data', keywords: ['SQL', 'Spark', 'Tableau'] },
      ],
      projects: [{ name: 'Crop Price Forecaster', description: 'Forecasts mandi prices from weather and arrivals data.', highlights: ['MAPE of 7% on 2 years of data'] }],
      interests: [{ name: 'Chess' }, { name: 'Trekking' }],
    },
  },
  {
    id: 'james-design',
    industry: 'design',
    resume: {
      basics: {
        name: 'James Okafor',
        label: 'Product Designer',
        email: 'james.okafor@example.co',
        phone: '+44 20 7946 0958',
        url: 'https://jamesokafor.design',
        location: { city: 'London', countryCode: 'GB' },
        profiles: [{ network: 'Dribbble', username: 'jokafor', url: 'https://dribbble.com/jokafor' }, { network: 'Behance', username: 'jokafor', url: 'https://www.behance.net/jokafor' }],
      },
      work: [
        { name: 'Monzo', position: 'Product Designer', startDate: '2019-03-01', highlights: ['Redesigned the savings flow, raising sign-ups by 22%', 'Ran 30 usability sessions with customers'] },
        { name: 'IDEO', position: 'Design Intern', startDate: '2018-06-01', endDate: '2018-12-31', highlights: ['Prototyped a clinic check-in kiosk'] },
      ],
      education: [{ institution: 'Central Saint Martins', area: 'Graphic Communication Design', studyType: 'BA (Hons)', startDate: '2015-09-01', endDate: '2018-06-30' }],
      awards: [{ title: 'D&AD New Blood Pencil', date: '2018-07-01', awarder: 'D&AD' }],
      skills: [{ name: 'Design', keywords: ['Figma', 'Prototyping', 'User Research', 'Design Systems', 'Illustrator'] }],
      interests: [{ name: 'Typography' }],
    },
  },
  {
    id: 'kavya-healthcare',
    industry: 'healthcare',
    resume: {
      basics: {
        name: 'Kavya Nair',
        label: 'Resident Doctor',
        email: 'kavya.nair@example.com',
        phone: '+91 94470 11223',
        location: { city: 'Kochi', region: 'Kerala', countryCode: 'IN' },
      },
      work: [
        { name: 'Amrita Institute of Medical Sciences', position: 'Junior Resident, Internal Medicine', startDate: '2022-02-01', highlights: ['Managed 20 inpatients a day on the general medicine ward', 'Audited sepsis bundle compliance, raising it from 61% to 84%'] },
      ],
      volunteer: [{ organization: 'Indian Red Cross Society', position: 'Medical Volunteer', startDate: '2019-06-01', endDate: '2020-12-31', highlights: ['Staffed 12 rural health camps'] }],
      education: [
        { institution: 'Government Medical College, Thiruvananthapuram', area: 'Medicine', studyType: 'MBBS', startDate: '2015-08-01', endDate: '2021-01-31', score: '72%' },
        { institution: 'Kendriya Vidyalaya Pattom', area: 'Class XII (CBSE)', studyType: 'Senior Secondary', startDate: '2013-06-01', endDate: '2015-03-31', score: '96%' },
      ],
      certificates: [{ name: 'Basic Life Support', date: '2022-01-10', issuer: 'American Heart Association' }],
      skills: [{ name: 'Clinical', keywords: ['Patient Care', 'ECG Interpretation', 'Phlebotomy', 'Electronic Health Records'] }],
      languages: [{ language: 'Malayalam', fluency: 'Native' }, { language: 'English', fluency: 'Fluent' }, { language: 'Hindi', fluency: 'Conversational' }],
    },
  },
  {
    id: 'rohan-mechanical',
    industry: 'engineering',
    resume: {
      basics: {
        name: 'Rohan Deshpande',
        label: 'Mechanical Engineer',
        email: 'rohan.deshpande@example.com',
        phone: '+91 98220 33445',
        location: { city: 'Nashik', countryCode: 'IN' },
        profiles: [{ network: 'LinkedIn', username: 'rohandeshpande', url: 'https://www.linkedin.com/in/rohandeshpande' }],
      },
      work: [
        { name: 'Mahindra & Mahindra', position: 'Graduate Engineer Trainee', startDate: '2023-07-01', highlights: ['Reduced fixture changeover time by 25% with a quick-release clamp design', 'Ran FMEA for a new tractor gearbox line'] },
      ],
      education: [
        { institution: 'Veermata Jijabai Technological Institute', area: 'Mechanical Engineering', studyType: 'B.Tech', startDate: '2019-08-01', endDate: '2023-05-31', score: 'CGPA 8.1' },
        { institution: 'Fergusson College', area: 'Class XII (Maharashtra State Board)', studyType: 'HSC', startDate: '2017-06-01', endDate: '2019-03-31', score: '86%' },
        { institution: "St. Vincent's High School", area: 'Class X (SSC)', studyType: 'SSC', startDate: '2016-06-01', endDate: '2017-03-31', score: '93%' },
      ],
      projects: [{ name: 'Formula Student Chassis', description: 'Designed and analysed a space-frame chassis for the college team.', highlights: ['Cut chassis mass by 8 kg with ANSYS topology studies'] }],
      awards: [{ title: 'SAE Supra Design Award', date: '2022-07-01', awarder: 'SAEINDIA' }],
      skills: [{ name: 'Engineering', keywords: ['SolidWorks', 'AutoCAD', 'ANSYS', 'GD&T', 'Lean Manufacturing'] }],
    },
  },
  {
    id: 'emily-marketing',
    industry: 'marketing',
    resume: {
      basics: {
        name: 'Emily Chen',
        label: 'Digital Marketing Specialist',
        email: 'emily.chen@example.com',
        phone: '+1 415 555 0132',
        url: 'https://emilychen.me',
        summary: 'Performance marketer who grows subscription products with paid search and lifecycle e-mail.',
        location: { city: 'San Francisco', region: 'CA', countryCode: 'US' },
        profiles: [{ network: 'LinkedIn', username: 'emilychen', url: 'https://www.linkedin.com/in/emilychen' }],
      },
      work: [
        { name: 'Headspace', position: 'Growth Marketing Manager', startDate: '2021-02-01', highlights: ['Lowered cost per acquisition by 28% across Google Ads campaigns', 'Launched an onboarding e-mail series lifting trial conversion by 11%'] },
        { name: 'Ogilvy', position: 'Marketing Associate', startDate: '2018-07-01', endDate: '2021-01-31', highlights: ['Managed social calendars for 5 consumer brands'] },
      ],
      volunteer: [{ organization: 'Code.org', position: 'Marketing Volunteer', startDate: '2019-01-01', endDate: '2019-12-31', summary: 'Ran the Hour of Code newsletter.' }],
      education: [{ institution: 'University of California, Berkeley', area: 'Economics', studyType: 'Bachelor of Arts', startDate: '2014-08-20', endDate: '2018-05-15' }],
      certificates: [{ name: 'Google Ads Search Certification', date: '2021-03-01', issuer: 'Google' }],
      skills: [{ name: 'Marketing', keywords: ['SEO', 'Google Ads', 'Google Analytics', 'HubSpot', 'A/B Testing', 'Copywriting'] }],
      interests: [{ name: 'Running' }, { name: 'Photography' }],
    },
  },
  {
    id: 'aditya-fresher',
    industry: 'software',
    resume: {
      basics: {
        name: 'Aditya Singh',
        label: 'Computer Science Student',
        email: 'aditya.singh2025@example.com',
        phone: '+91 87654 32109',
        location: { city: 'Lucknow', region: 'Uttar Pradesh', countryCode: 'IN' },
        profiles: [{ network: 'GitHub', username: 'adityasingh', url: 'https://github.com/adityasingh' }, { network: 'LeetCode', username: 'aditya_s', url: 'https://leetcode.com/aditya_s' }],
      },
      education: [
        { institution: 'Institute of Engineering and Technology, Lucknow', area: 'Computer Science', studyType: 'B.Tech', startDate: '2021-08-01', endDate: '2025-06-30', score: 'CGPA 7.9' },
        { institution: 'City Montessori School', area: 'Class XII (ISC)', studyType: 'ISC', startDate: '2019-04-01', endDate: '2021-03-31', score: '91%' },
        { institution: 'City Montessori School', area: 'Class X (ICSE)', studyType: 'ICSE', startDate: '2018-04-01', endDate: '2019-03-31', score: '93%' },
      ],
      projects: [
        { name: 'Campus Placement Tracker', description: 'React and Node.js app to track company visits.', highlights: ['Used by 300 students in the 2024 season'] },
        { name: 'Hindi OCR', description: 'Tesseract fine-tuned on printed Hindi text.', highlights: ['Character accuracy of 94%'] },
      ],
      skills: [{ name: 'Programming', keywords: ['C++', 'JavaScript', 'React', 'Node.js', 'MongoDB'] }],
      awards: [{ title: 'Smart India Hackathon Finalist', date: '2023-12-01', awarder: 'Government of India' }],
    },
  },
  {
    id: 'lena-research',
    industry: 'data_science',
    resume: {
      basics: {
        name: 'Lena Fischer',
        label: 'Research Scientist',
        email: 'lena.fischer@example.de',
        phone: '+49 30 901820',
        url: 'https://lenafischer.io',
        summary: 'Machine learning researcher on robust computer vision, with eight years of research and industry work.',
        location: { city: 'Berlin', countryCode: 'DE' },
        profiles: [{ network: 'GitHub', username: 'lfischer', url: 'https://github.com/lfischer' }],
      },
      work: [
        { name: 'Zalando Research', position: 'Research Scientist', startDate: '2020-01-01', highlights: ['Led a team of 4 on image retrieval, improving recall at 10 by 14%', 'Published 5 papers at CVPR and NeurIPS', 'Shipped a visual search model serving 40 million users'] },
        { name: 'Max Planck Institute for Informatics', position: 'Doctoral Researcher', startDate: '2015-10-01', endDate: '2019-12-31', highlights: ['Developed certified defences against adversarial patches'] },
        { name: 'Bosch Center for AI', position: 'Research Intern', startDate: '2014-04-01', endDate: '2014-09-30', highlights: ['Benchmarked 6 pedestrian detectors on night-time data'] },
      ],
      education: [
        { institution: 'Saarland University', area: 'Computer Science', studyType: 'PhD', startDate: '2015-10-01', endDate: '2019-12-31' },
        { institution: 'Technical University of Munich', area: 'Informatics', studyType: 'M.Sc.', startDate: '2013-10-01', endDate: '2015-09-30' },
      ],
      publications: [
        { name: 'Certified Patch Robustness via Smoothed Vision Transformers', publisher: 'CVPR', releaseDate: '2022-06-01' },
        { name: 'Retrieval with Long-Tailed Fashion Data', publisher: 'NeurIPS', releaseDate: '2021-12-01' },
      ],
      skills: [{ name: 'Research', keywords: ['PyTorch', 'Computer Vision', 'Deep Learning', 'Python', 'CUDA'] }],
      languages: [{ language: 'German', fluency: 'Native' }, { language: 'English', fluency: 'Fluent' }],
      interests: [{ name: 'Climbing' }],
    },
  },
];
