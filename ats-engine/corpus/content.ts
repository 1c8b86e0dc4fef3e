/**
 * What the generated resumes say: per-industry pools of titles, organisations, achievements,
 * duties, projects and skills, and a seeded choice among them. Everything is invented; names are
 * common first and last names combined at random.
 */
import type { Industry } from '@placement/domain';

export interface IndustryContent {
  headline: string;
  titles: string[];
  orgs: string[];
  degrees: string[];
  summary: string[];
  /** Strong bullets: an action verb, an object, a number. */
  achievements: string[];
  /** Weak lines: duties, no verbs of impact, no numbers. */
  duties: string[];
  projects: { name: string; bullets: string[] }[];
  skills: Record<string, string[]>;
  weakSkills: string[];
  certifications: string[];
  awards: string[];
  links: ('linkedin' | 'github' | 'portfolio' | 'behance')[];
}

export const CONTENT: Record<Industry, IndustryContent> = {
  software: {
    headline: 'Software Engineer',
    titles: ['Software Engineer Intern', 'Backend Developer Intern', 'Full Stack Developer', 'Software Development Engineer'],
    orgs: ['Zentrix Labs', 'Nimbus Softworks', 'Arcadia Payments', 'Bluefin Systems', 'Kite Analytics', 'Orbit Cloud'],
    degrees: ['B.Tech in Computer Science and Engineering', 'B.E. in Information Technology'],
    summary: [
      'Software engineer with internship experience building REST APIs and React front ends, comfortable with Docker, AWS and CI/CD.',
      'Backend-focused developer who enjoys distributed systems, clean code and measurable performance work.',
    ],
    achievements: [
      'Built a REST API in Node.js and PostgreSQL serving 12,000 daily users with 99.9% uptime',
      'Reduced page load time by 38% by code-splitting the React front end and caching API responses in Redis',
      'Automated deployments with GitHub Actions and Docker, cutting release time from 2 hours to 15 minutes',
      'Designed a Kafka-based event pipeline processing 1.2 million messages per day',
      'Migrated 14 microservices from virtual machines to Kubernetes on AWS, lowering hosting cost by 22%',
      'Wrote 300+ unit tests with Jest and raised code coverage from 54% to 86%',
      'Led code reviews for a team of 5 engineers and mentored 2 interns on Git workflows',
      'Implemented role-based access control in Spring Boot used by 40 enterprise clients',
      'Optimized SQL queries and indexes, reducing report generation time by 60%',
      'Debugged production incidents and resolved 25 critical bugs within agreed SLAs',
    ],
    duties: [
      'Responsible for writing code for different modules of the website',
      'Worked on the backend and frontend of the company application',
      'Helped the team with testing and fixing bugs',
      'Involved in meetings with the team about new features',
      'Assisted senior developers in various tasks',
    ],
    projects: [
      { name: 'Campus Placement Portal', bullets: ['Developed a placement portal in React and Express used by 1,500 students', 'Designed the MongoDB schema and REST endpoints for job postings and applications'] },
      { name: 'Realtime Chat Service', bullets: ['Built a WebSocket chat server in Go handling 5,000 concurrent connections', 'Deployed it with Docker and Terraform on AWS'] },
      { name: 'Expense Tracker App', bullets: ['Created a Kotlin Android app with offline sync and 4.6 star rating from 300 users'] },
    ],
    skills: {
      Languages: ['Java', 'Python', 'JavaScript', 'TypeScript', 'SQL', 'Go'],
      Frameworks: ['React', 'Node.js', 'Spring Boot', 'Express', 'Django'],
      Tools: ['Docker', 'Kubernetes', 'AWS', 'Git', 'Linux', 'CI/CD'],
      Databases: ['PostgreSQL', 'MongoDB', 'Redis', 'Kafka'],
    },
    weakSkills: ['MS Office', 'C', 'HTML', 'Hard working'],
    certifications: ['AWS Certified Cloud Practitioner', 'Oracle Certified Java Programmer', 'Meta Front-End Developer Certificate'],
    awards: ['Winner, Smart India Hackathon 2023 (out of 1,200 teams)', 'Ranked in top 2% on LeetCode weekly contests'],
    links: ['linkedin', 'github'],
  },
  finance: {
    headline: 'Financial Analyst',
    titles: ['Financial Analyst Intern', 'Equity Research Intern', 'Audit Associate', 'Credit Analyst'],
    orgs: ['Meridian Capital', 'Sterling & Rao Chartered Accountants', 'Northbridge Bank', 'Apex Wealth Partners', 'Crestline Securities', 'Vantage Finserv'],
    degrees: ['B.Com (Honours) in Accounting and Finance', 'BBA in Finance'],
    summary: [
      'Finance graduate with hands-on experience in financial modeling, valuation and audit, fluent in Excel, Tally and Power BI.',
      'Detail-oriented analyst focused on equity research, budgeting and clear reporting to stakeholders.',
    ],
    achievements: [
      'Built a discounted cash flow valuation model for 12 listed mid-cap companies used in investment committee reviews',
      'Reduced month-end reconciliation time by 35% by automating ledger checks with Excel VBA',
      'Audited accounts payable and receivable of 8 clients and flagged INR 1.4 crore of misstatements',
      'Prepared variance analysis for a INR 50 crore budget and presented findings to the CFO',
      'Analyzed credit risk for 60 SME loan applications, lowering the default rate of approved loans by 18%',
      'Forecasted quarterly cash flow with 95% accuracy using Python and historical ledger data',
      'Created Power BI dashboards tracking 25 KPIs for the finance leadership team',
      'Led due diligence for a INR 200 crore acquisition, reviewing financial statements and compliance records',
      'Streamlined GST and TDS compliance filings for 30 clients with zero penalties',
    ],
    duties: [
      'Responsible for maintaining accounts and ledgers',
      'Worked on financial reports for the manager',
      'Helped in audit work and documentation',
      'Handled various tasks related to taxation',
      'Assisted the team in data entry in Tally',
    ],
    projects: [
      { name: 'Portfolio Optimisation Study', bullets: ['Modeled a 20-stock portfolio using mean-variance optimization, improving the Sharpe ratio by 0.4', 'Backtested the strategy over 10 years of NSE data'] },
      { name: 'Working Capital Analysis of a Manufacturing Firm', bullets: ['Analyzed 5 years of balance sheet and cash flow data', 'Recommended inventory changes that would free INR 3 crore of working capital'] },
    ],
    skills: {
      Analysis: ['Financial Modeling', 'Valuation', 'Forecasting', 'Budgeting', 'Variance Analysis', 'Risk Management'],
      Accounting: ['Financial Reporting', 'GAAP', 'IFRS', 'Reconciliation', 'Taxation'],
      Tools: ['Excel', 'Tally', 'Power BI', 'SAP', 'Bloomberg', 'VBA'],
    },
    weakSkills: ['MS Word', 'Internet', 'Typing'],
    certifications: ['CFA Level I Candidate', 'NISM Series VIII Equity Derivatives', 'Financial Modeling and Valuation Analyst (FMVA)'],
    awards: ['Best Paper, National Finance Conference 2023', 'Academic merit scholarship for three consecutive years'],
    links: ['linkedin'],
  },
  marketing: {
    headline: 'Digital Marketing Specialist',
    titles: ['Digital Marketing Intern', 'Marketing Executive', 'Social Media Strategist', 'Brand Management Intern'],
    orgs: ['BrightLeaf Media', 'Pulse Retail', 'Sunrise Foods', 'Cobalt Digital', 'UrbanNest Realty', 'Trailhead Outdoors'],
    degrees: ['BBA in Marketing', 'MBA in Marketing'],
    summary: [
      'Data-driven marketer experienced in SEO, Google Ads and social media campaigns with measurable ROI.',
      'Marketing graduate who plans content, runs A/B tests and reports on KPIs in Google Analytics.',
    ],
    achievements: [
      'Grew organic traffic by 140% in six months through an SEO content strategy of 45 articles',
      'Managed Google Ads campaigns with a monthly budget of INR 8 lakh, improving CTR from 1.8% to 3.4%',
      'Launched an Instagram influencer campaign that reached 2.1 million users and generated 9,000 leads',
      'Increased email marketing open rates by 27% by segmenting 60,000 subscribers in HubSpot',
      'Ran 18 A/B tests on landing pages, lifting the conversion rate by 32%',
      'Conducted market research with 400 respondents to shape a go-to-market strategy for a new product line',
      'Coordinated a product launch event for 1,200 attendees delivered 10% under budget',
      'Built a Google Analytics dashboard tracking ROI and cost per acquisition for 6 channels',
    ],
    duties: [
      'Responsible for posting on social media pages',
      'Worked on marketing activities of the company',
      'Helped the team in organizing events',
      'Handled various promotional tasks',
      'Involved in preparing presentations',
    ],
    projects: [
      { name: 'Brand Relaunch Campaign', bullets: ['Designed a brand relaunch plan for a regional snack brand, projecting 15% sales growth', 'Created 30 social media creatives in Canva'] },
      { name: 'Consumer Survey on Sustainable Packaging', bullets: ['Surveyed 350 consumers and presented customer segmentation insights to faculty panel'] },
    ],
    skills: {
      Digital: ['SEO', 'SEM', 'Google Ads', 'Social Media Marketing', 'Email Marketing', 'Content Marketing'],
      Strategy: ['Market Research', 'Brand Management', 'Campaign Management', 'Lead Generation'],
      Tools: ['Google Analytics', 'HubSpot', 'Canva', 'SEMrush', 'Mailchimp'],
    },
    weakSkills: ['Communication', 'MS Office', 'Creative'],
    certifications: ['Google Ads Search Certification', 'HubSpot Content Marketing Certification', 'Meta Certified Digital Marketing Associate'],
    awards: ['Winner, Inter-college Ad Mad Competition 2023', 'Marketing Club Secretary, 2022-2023'],
    links: ['linkedin'],
  },
  design: {
    headline: 'UI/UX Designer',
    titles: ['UX Design Intern', 'Product Designer', 'Visual Designer', 'UI Designer'],
    orgs: ['Pixelcraft Studio', 'Lumen Health', 'Foldline Design Co', 'Quartz Mobility', 'Hatch Education', 'Mosaic Commerce'],
    degrees: ['B.Des in Communication Design', 'B.Des in Interaction Design'],
    summary: [
      'Product designer who turns user research into clean interfaces, with a portfolio of mobile and web case studies.',
      'UI/UX designer skilled in Figma, prototyping and usability testing, focused on accessible design systems.',
    ],
    achievements: [
      'Redesigned the checkout flow in Figma, raising mobile conversion by 21% across 80,000 monthly users',
      'Conducted 24 user interviews and 6 usability testing rounds to define personas and user journeys',
      'Built a design system of 120 components, cutting design-to-development handoff time by 40%',
      'Created wireframes and interactive prototypes for 3 product launches within 10 weeks',
      'Improved accessibility to WCAG 2.1 AA across 45 screens, reducing support tickets by 15%',
      'Illustrated 60 icons and onboarding visuals adopted in the brand refresh',
      'Led a design thinking workshop for 30 stakeholders to prioritize the product roadmap',
      'Produced motion design for 12 marketing videos in After Effects with 500,000 total views',
    ],
    duties: [
      'Responsible for making designs for the website',
      'Worked on posters and social media posts',
      'Helped the team with creative work',
      'Did photo editing in Photoshop',
      'Involved in client meetings',
    ],
    projects: [
      { name: 'Metro Ticketing App', bullets: ['Designed an end-to-end ticketing app from user research to high-fidelity prototype', 'Validated the flow with 12 commuters, reducing task time by 30%'] },
      { name: 'Clinic Booking Website', bullets: ['Created responsive layouts and a style guide for a 4-doctor clinic'] },
    ],
    skills: {
      Design: ['User Experience', 'User Interface', 'Interaction Design', 'Visual Design', 'Typography', 'Design Systems'],
      Process: ['User Research', 'Wireframing', 'Prototyping', 'Usability Testing', 'Design Thinking'],
      Tools: ['Figma', 'Adobe Photoshop', 'Adobe Illustrator', 'Adobe XD', 'After Effects', 'Miro'],
    },
    weakSkills: ['Photoshop', 'Drawing', 'Creative thinking'],
    certifications: ['Google UX Design Professional Certificate', 'Interaction Design Foundation: Accessibility', 'Adobe Certified Professional in Visual Design'],
    awards: ['Shortlisted, Kyoorius Young Blood Awards 2023', 'Best Design Project, Annual Design Show 2022'],
    links: ['linkedin', 'behance', 'portfolio'],
  },
  education: {
    headline: 'Mathematics Teacher',
    titles: ['Mathematics Teacher', 'Teaching Intern', 'Academic Tutor', 'Science Teacher'],
    orgs: ['Greenwood Public School', 'Sunbeam International School', 'Bright Minds Tutorials', 'Delhi Public School', 'Little Scholars Academy', 'Teach For Change'],
    degrees: ['B.Ed in Mathematics', 'B.Sc in Mathematics'],
    summary: [
      'CTET-qualified mathematics teacher who plans engaging lessons, uses formative assessment and blended learning.',
      'Educator with classroom experience in grades 6 to 10, strong in lesson planning and classroom management.',
    ],
    achievements: [
      'Taught mathematics to 4 sections of grade 9 (160 students), raising the average board score from 68% to 81%',
      'Designed 40 lesson plans with differentiated instruction for mixed-ability classrooms',
      'Introduced project-based learning units that increased assignment completion by 25%',
      'Mentored 12 students for the state mathematics olympiad; 5 reached the final round',
      'Built a Google Classroom course with 120 practice quizzes used by 300 students',
      'Organized 6 parent-teacher meetings and improved parent communication with weekly progress notes',
      'Trained 8 fellow teachers in using smart boards and the school learning management system',
      'Developed a remedial tutoring program that helped 35 students clear their final exams',
    ],
    duties: [
      'Responsible for teaching students',
      'Worked on checking copies and preparing question papers',
      'Helped in school events and functions',
      'Handled class discipline',
      'Assisted the principal in administrative work',
    ],
    projects: [
      { name: 'Action Research on Math Anxiety', bullets: ['Surveyed 90 students and tested peer tutoring, reducing reported anxiety by 20%'] },
      { name: 'STEM Club', bullets: ['Founded a STEM club of 45 students that built 10 science fair projects'] },
    ],
    skills: {
      Teaching: ['Lesson Planning', 'Curriculum Development', 'Classroom Management', 'Differentiated Instruction', 'Student Assessment'],
      Technology: ['Google Classroom', 'Moodle', 'Microsoft Teams', 'PowerPoint', 'Smart Boards'],
      Subjects: ['Mathematics', 'Physics', 'STEM'],
    },
    weakSkills: ['Patience', 'MS Word', 'Good handwriting'],
    certifications: ['CTET (Paper II) Qualified', 'Google Certified Educator Level 1', 'Cambridge Teaching Knowledge Test'],
    awards: ['Best Student Teacher Award 2023', 'District-level recognition for innovative teaching aids'],
    links: ['linkedin'],
  },
  healthcare: {
    headline: 'Registered Nurse',
    titles: ['Staff Nurse', 'Nursing Intern', 'Clinical Research Coordinator', 'ICU Nurse'],
    orgs: ['City Care Hospital', 'Lotus Multispeciality Hospital', 'Green Valley Medical Centre', 'Sanjeevani Clinics', 'HopeWell Community Health', 'Unity Diagnostics'],
    degrees: ['B.Sc Nursing', 'GNM (General Nursing and Midwifery)'],
    summary: [
      'Registered nurse with ICU and emergency care experience, BLS and ACLS certified, committed to patient safety.',
      'Compassionate nursing graduate skilled in patient care, medication administration and electronic health records.',
    ],
    achievements: [
      'Provided patient care for up to 8 ICU patients per shift in a 40-bed critical care unit',
      'Administered medication to 30 patients daily with zero medication errors over 12 months',
      'Reduced catheter-associated infections by 30% by leading an infection control audit',
      'Trained 15 junior nurses in electronic health records documentation',
      'Monitored vital signs and escalated 20+ deteriorating patients to the rapid response team',
      'Educated 200 patients and families on diabetes self-care, lowering readmissions by 12%',
      'Coordinated a clinical research study enrolling 80 participants following Good Clinical Practice',
      'Performed wound care and dressing for 25 post-operative patients per week',
    ],
    duties: [
      'Responsible for taking care of patients',
      'Worked in different wards of the hospital',
      'Helped doctors during rounds',
      'Handled patient files',
      'Assisted in the operation theatre',
    ],
    projects: [
      { name: 'Hand Hygiene Compliance Study', bullets: ['Observed 400 hand hygiene opportunities and raised compliance from 62% to 88% after training'] },
      { name: 'Community Health Camp', bullets: ['Organized a health camp screening 350 villagers for hypertension and diabetes'] },
    ],
    skills: {
      Clinical: ['Patient Care', 'Vital Signs', 'Medication Administration', 'Infection Control', 'Wound Care', 'Critical Care'],
      Records: ['Electronic Health Records', 'Clinical Documentation', 'Medical Terminology', 'Patient Safety'],
      Certifications: ['BLS', 'ACLS', 'CPR'],
    },
    weakSkills: ['Caring', 'Hard working', 'MS Office'],
    certifications: ['Basic Life Support (BLS), American Heart Association', 'Advanced Cardiac Life Support (ACLS)', 'Registered Nurse, State Nursing Council'],
    awards: ['Best Outgoing Nursing Student 2023', 'Certificate of appreciation for COVID-19 ward duty'],
    links: ['linkedin'],
  },
  engineering: {
    headline: 'Mechanical Design Engineer',
    titles: ['Graduate Engineer Trainee', 'Design Engineer Intern', 'Production Engineer', 'Quality Engineer'],
    orgs: ['Tata Precision Components', 'Vardhman Auto Parts', 'Kirloskar Pumps Works', 'Shakti Structures', 'Indus Robotics', 'Polaris Energy Systems'],
    degrees: ['B.Tech in Mechanical Engineering', 'B.E. in Electrical Engineering'],
    summary: [
      'Mechanical engineer experienced in SolidWorks, ANSYS and lean manufacturing, with a record of cost and cycle-time savings.',
      'Design engineer who applies finite element analysis and GD&T to build reliable, manufacturable parts.',
    ],
    achievements: [
      'Designed 15 sheet-metal and machined parts in SolidWorks with GD&T, cutting material cost by 12%',
      'Ran finite element analysis in ANSYS on a pump housing, reducing weight by 18% at the same safety factor',
      'Led a Kaizen project that lowered assembly cycle time from 14 to 9 minutes',
      'Performed root cause analysis and FMEA on recurring weld defects, reducing rejections by 40%',
      'Implemented a preventive maintenance schedule for 22 CNC machines, raising uptime to 96%',
      'Programmed a PLC-based conveyor automation that saved 2 operator shifts per day',
      'Prepared technical documentation and drawings for ISO 9001 audits with zero major findings',
      'Managed a prototyping project with a budget of INR 12 lakh delivered 3 weeks early',
    ],
    duties: [
      'Responsible for working on the shop floor',
      'Worked on AutoCAD drawings',
      'Helped in quality checking of parts',
      'Handled machine related issues',
      'Involved in production planning meetings',
    ],
    projects: [
      { name: 'Solar-Powered Water Pump', bullets: ['Designed and built a 1 HP solar pump prototype delivering 8,000 litres per day', 'Simulated flow with computational fluid dynamics in ANSYS Fluent'] },
      { name: 'Line-Following Robot', bullets: ['Built an Arduino robot with PID control that won 2nd place among 40 teams'] },
    ],
    skills: {
      Design: ['AutoCAD', 'SolidWorks', 'CATIA', 'ANSYS', 'MATLAB', 'GD&T'],
      Methods: ['Finite Element Analysis', 'Six Sigma', 'Lean Manufacturing', 'Root Cause Analysis', 'Quality Control'],
      Domains: ['Mechanical Design', 'Manufacturing', 'Automation', 'Prototyping', 'PLC'],
    },
    weakSkills: ['AutoCAD', 'MS Excel', 'Team player'],
    certifications: ['Certified SolidWorks Associate (CSWA)', 'Six Sigma Green Belt', 'NPTEL: Finite Element Method (Elite)'],
    awards: ['1st place, SAE BAJA design event 2023', 'Merit scholarship, Department of Mechanical Engineering'],
    links: ['linkedin'],
  },
  data_science: {
    headline: 'Data Scientist',
    titles: ['Data Science Intern', 'Data Analyst', 'Machine Learning Engineer Intern', 'Business Intelligence Analyst'],
    orgs: ['Quantify AI', 'Helix Health Analytics', 'RetailIQ', 'Insightloop', 'Deepwater Fintech', 'Northstar Logistics'],
    degrees: ['B.Tech in Computer Science (Data Science)', 'M.Sc in Statistics'],
    summary: [
      'Data scientist skilled in Python, SQL and machine learning, who turns data into decisions with clear visualizations.',
      'Analyst with hands-on experience in predictive modeling, A/B testing and dashboarding in Tableau.',
    ],
    achievements: [
      'Built a churn prediction model in scikit-learn with 0.89 AUC, helping retain 4,000 customers per quarter',
      'Designed ETL data pipelines in Airflow processing 50 GB of transaction data daily',
      'Reduced forecast error for weekly demand by 23% with a time series model in Python',
      'Ran 12 A/B tests and hypothesis testing for pricing experiments, increasing revenue by 6%',
      'Created Tableau dashboards used by 40 managers to track sales KPIs',
      'Trained a BERT-based NLP classifier that routes 10,000 support tickets per week with 92% accuracy',
      'Cleaned and merged 8 data sources with Pandas, cutting analysis preparation time by 70%',
      'Deployed a computer vision model with Docker and FastAPI serving 200 requests per second',
    ],
    duties: [
      'Responsible for data entry and making reports',
      'Worked on Excel sheets for the manager',
      'Helped the team with data related work',
      'Did analysis of data',
      'Involved in machine learning project',
    ],
    projects: [
      { name: 'Credit Card Fraud Detection', bullets: ['Trained XGBoost and neural network models on 280,000 transactions, reaching 0.95 recall', 'Handled class imbalance with SMOTE and feature engineering'] },
      { name: 'Air Quality Dashboard', bullets: ['Built a Power BI dashboard of air quality across 30 cities from open government data'] },
    ],
    skills: {
      Programming: ['Python', 'SQL', 'R', 'Pandas', 'NumPy', 'Scikit-learn'],
      'Machine Learning': ['Machine Learning', 'Deep Learning', 'Natural Language Processing', 'TensorFlow', 'PyTorch'],
      Analytics: ['Statistics', 'Data Visualization', 'A/B Testing', 'Tableau', 'Power BI', 'Spark'],
    },
    weakSkills: ['Excel', 'Python basics', 'Quick learner'],
    certifications: ['IBM Data Science Professional Certificate', 'TensorFlow Developer Certificate', 'Google Data Analytics Certificate'],
    awards: ['Top 5% in Kaggle Titanic competition', 'Winner, college datathon 2023'],
    links: ['linkedin', 'github'],
  },
};

export const FIRST_NAMES = [
  'Aarav', 'Ananya', 'Rohan', 'Priya', 'Vikram', 'Sneha', 'Arjun', 'Kavya', 'Ishaan', 'Meera', 'Kabir', 'Diya', 'Aditya', 'Nisha', 'Rahul',
  'Pooja', 'Siddharth', 'Tanvi', 'Neel', 'Riya', 'Daniel', 'Sarah', 'Marcus', 'Elena', 'Omar', 'Grace', 'Lucas', 'Maya', 'Samuel', 'Zoe',
  'Farhan', 'Aisha', 'Karthik', 'Lakshmi', 'Manish', 'Shreya', 'Yusuf', 'Fatima', 'Harpreet', 'Simran',
];
export const LAST_NAMES = [
  'Sharma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Das', 'Kulkarni', 'Banerjee', 'Chopra', 'Joshi', 'Verma', 'Pillai', 'Singh',
  'Fernandes', 'Mehta', 'Rao', 'Khan', 'Bhat', 'Thomas', 'Wilson', 'Carter', 'Lopez', 'Hassan', 'Kim', 'Murphy', 'Okafor', 'Silva', 'Novak',
];
export const INSTITUTIONS = [
  'National Institute of Technology, Trichy', 'Delhi University', 'Pune Institute of Computer Technology', 'Christ University, Bengaluru',
  'Manipal Academy of Higher Education', 'Jadavpur University', 'Symbiosis Institute of Design', 'Amity University, Noida',
  'St. Xavier\'s College, Mumbai', 'Anna University, Chennai', 'Vellore Institute of Technology', 'Osmania University, Hyderabad',
];
export const CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'New Delhi', 'Kolkata', 'Ahmedabad'];

/** Mulberry32: a small seeded generator, so every run writes the same corpus. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

export function sample<T>(rand: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}
