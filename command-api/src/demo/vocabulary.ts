import type { OfferType, School } from '@placement/domain';

/**
 * The words the demo season is made of: people, programmes, companies and roles of an Indian
 * university's placement cell. Pure data; `season.ts` draws from it with a seeded generator.
 * Companies are made up (their websites are under example.com, which no one owns).
 */

export const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan',
  'Shaurya', 'Atharv', 'Advik', 'Pranav', 'Rohan', 'Kabir', 'Aniket', 'Dhruv', 'Harsh', 'Karthik',
  'Nikhil', 'Rahul', 'Siddharth', 'Varun', 'Yash', 'Abhishek', 'Akash', 'Manish', 'Rajat', 'Tejas',
  'Sandeep', 'Gaurav', 'Mohit', 'Naveen', 'Omkar', 'Prateek', 'Rishabh', 'Sahil', 'Tanmay', 'Vikram',
  'Aadhya', 'Ananya', 'Diya', 'Saanvi', 'Aarohi', 'Anika', 'Navya', 'Myra', 'Sara', 'Ira',
  'Kavya', 'Meera', 'Priya', 'Riya', 'Sneha', 'Pooja', 'Neha', 'Shruti', 'Tanvi', 'Isha',
  'Khushi', 'Nandini', 'Pallavi', 'Radhika', 'Sakshi', 'Simran', 'Swati', 'Trisha', 'Vaishnavi', 'Zoya',
  'Aishwarya', 'Bhavya', 'Deepika', 'Gayatri', 'Harini', 'Jahnavi', 'Lakshmi', 'Madhuri', 'Nidhi', 'Keerthana',
] as const;

export const LAST_NAMES = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Desai',
  'Iyer', 'Nair', 'Menon', 'Pillai', 'Reddy', 'Rao', 'Naidu', 'Krishnan', 'Subramanian', 'Venkatesh',
  'Kulkarni', 'Deshpande', 'Patil', 'Jadhav', 'Pawar', 'Chavan', 'Bose', 'Banerjee', 'Chatterjee', 'Mukherjee',
  'Das', 'Ghosh', 'Sen', 'Roy', 'Mishra', 'Tiwari', 'Pandey', 'Dubey', 'Tripathi', 'Srivastava',
  'Agarwal', 'Bansal', 'Goel', 'Jain', 'Malhotra', 'Kapoor', 'Khanna', 'Chopra', 'Bhatia', 'Sethi',
  'Saxena', 'Chaudhary', 'Yadav', 'Thakur', 'Rathore', 'Hegde', 'Shetty', 'Kamath', 'Bhat', 'Fernandes',
] as const;

export const FATHER_FIRST_NAMES = [
  'Rajesh', 'Suresh', 'Ramesh', 'Mahesh', 'Anil', 'Sunil', 'Vijay', 'Sanjay', 'Ashok', 'Manoj',
  'Prakash', 'Dinesh', 'Ravi', 'Mukesh', 'Rakesh', 'Srinivas', 'Venkat', 'Gopal', 'Mohan', 'Satish',
] as const;

export const CITIES = [
  'Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Jaipur',
  'Kochi', 'Chandigarh', 'Indore', 'Coimbatore', 'Nagpur', 'Bhubaneswar', 'Lucknow', 'Vadodara', 'Mysuru', 'Visakhapatnam',
] as const;

/** Which kind of job suits a programme: a job names the groups it hires from. */
export type ProgramGroup = 'computing' | 'core-engineering' | 'management' | 'health' | 'life-sciences' | 'education';

export interface Program {
  school: School;
  /** As the profile's degree field and the resume show it. */
  degree: string;
  /** In the roll number: 23BTCS014. */
  code: string;
  years: number;
  /** A master's programme: the student also holds a bachelor's degree. */
  bachelor?: string;
  group: ProgramGroup;
  /** Relative share of the season's students. */
  weight: number;
  /** CGPA out of 10, or a percentage for the programmes that grade so. */
  grading: 'cgpa' | 'percentage';
  areas: readonly string[];
  skills: readonly string[];
}

const COMPUTING_SKILLS = ['Java', 'Python', 'C++', 'JavaScript', 'TypeScript', 'React', 'Node.js', 'SQL', 'MySQL', 'MongoDB', 'Spring Boot', 'Django', 'Git', 'Linux', 'Docker', 'AWS', 'Data Structures', 'Algorithms', 'REST APIs', 'HTML', 'CSS', 'Machine Learning', 'Pandas', 'Power BI', 'Tableau'];
const ELECTRONICS_SKILLS = ['Embedded C', 'VLSI Design', 'Verilog', 'MATLAB', 'Arduino', 'Raspberry Pi', 'PCB Design', 'IoT', 'Python', 'Signal Processing', 'C', 'Digital Electronics'];
const MECHANICAL_SKILLS = ['AutoCAD', 'SolidWorks', 'CATIA', 'ANSYS', 'GD&T', 'Lean Manufacturing', 'CNC Programming', 'MATLAB', 'Six Sigma', 'Thermodynamics', 'Project Management'];
const CIVIL_SKILLS = ['AutoCAD', 'STAAD.Pro', 'Revit', 'ETABS', 'Quantity Surveying', 'Primavera P6', 'MS Project', 'Site Supervision', 'Estimation and Costing'];
const MANAGEMENT_SKILLS = ['MS Excel', 'Financial Modelling', 'Tally ERP', 'Market Research', 'Digital Marketing', 'SEO', 'Business Communication', 'Salesforce', 'Power BI', 'SQL', 'Negotiation', 'Presentation Skills', 'Google Analytics', 'Accounting', 'GST'];
const HEALTH_SKILLS = ['Clinical Research', 'Pharmacovigilance', 'GCP Guidelines', 'Medical Writing', 'Patient Counselling', 'Drug Regulatory Affairs', 'MS Excel', 'Quality Control', 'Hospital Management'];
const LIFE_SCIENCE_SKILLS = ['PCR', 'Cell Culture', 'ELISA', 'Microbiology', 'Bioinformatics', 'R', 'Python', 'Laboratory Safety', 'Chromatography', 'Research Writing'];
const EDUCATION_SKILLS = ['Lesson Planning', 'Classroom Management', 'Curriculum Design', 'Google Classroom', 'Educational Psychology', 'Communication', 'Assessment Design', 'MS Office'];

export const PROGRAMS: readonly Program[] = [
  { school: 'SOET', degree: 'B.Tech CSE', code: 'BTCS', years: 4, group: 'computing', weight: 30, grading: 'cgpa', areas: ['Software Development', 'Web Development', 'Data Science', 'Cloud Computing', 'Machine Learning'], skills: COMPUTING_SKILLS },
  { school: 'SOET', degree: 'B.Tech IT', code: 'BTIT', years: 4, group: 'computing', weight: 8, grading: 'cgpa', areas: ['Software Development', 'Cyber Security', 'Web Development'], skills: COMPUTING_SKILLS },
  { school: 'SOET', degree: 'B.Tech ECE', code: 'BTEC', years: 4, group: 'core-engineering', weight: 8, grading: 'cgpa', areas: ['Embedded Systems', 'VLSI', 'IoT', 'Software Development'], skills: ELECTRONICS_SKILLS },
  { school: 'SOET', degree: 'B.Tech ME', code: 'BTME', years: 4, group: 'core-engineering', weight: 6, grading: 'cgpa', areas: ['Product Design', 'Manufacturing', 'Automotive Engineering'], skills: MECHANICAL_SKILLS },
  { school: 'SOET', degree: 'B.Tech CE', code: 'BTCE', years: 4, group: 'core-engineering', weight: 4, grading: 'cgpa', areas: ['Structural Engineering', 'Construction Management'], skills: CIVIL_SKILLS },
  { school: 'SOET', degree: 'BCA', code: 'BCA', years: 3, group: 'computing', weight: 7, grading: 'cgpa', areas: ['Web Development', 'Software Testing', 'Data Analysis'], skills: COMPUTING_SKILLS },
  { school: 'SOET', degree: 'MCA', code: 'MCA', years: 2, bachelor: 'BCA', group: 'computing', weight: 5, grading: 'cgpa', areas: ['Software Development', 'Data Science', 'Cloud Computing'], skills: COMPUTING_SKILLS },
  { school: 'SOMC', degree: 'BBA', code: 'BBA', years: 3, group: 'management', weight: 8, grading: 'percentage', areas: ['Marketing', 'Sales', 'Human Resources', 'Operations'], skills: MANAGEMENT_SKILLS },
  { school: 'SOMC', degree: 'B.Com (Hons)', code: 'BCOM', years: 3, group: 'management', weight: 6, grading: 'percentage', areas: ['Finance', 'Accounting', 'Banking'], skills: MANAGEMENT_SKILLS },
  { school: 'SOMC', degree: 'MBA', code: 'MBA', years: 2, bachelor: 'BBA', group: 'management', weight: 8, grading: 'cgpa', areas: ['Finance', 'Marketing', 'Business Analytics', 'Human Resources'], skills: MANAGEMENT_SKILLS },
  { school: 'SOHS', degree: 'B.Pharm', code: 'BPH', years: 4, group: 'health', weight: 5, grading: 'percentage', areas: ['Clinical Research', 'Pharmacovigilance', 'Quality Assurance'], skills: HEALTH_SKILLS },
  { school: 'SOHS', degree: 'BPT', code: 'BPT', years: 4, group: 'health', weight: 2, grading: 'percentage', areas: ['Physiotherapy', 'Sports Rehabilitation'], skills: HEALTH_SKILLS },
  { school: 'SOLS', degree: 'B.Sc Biotechnology', code: 'BSBT', years: 3, group: 'life-sciences', weight: 4, grading: 'cgpa', areas: ['Biotechnology', 'Research', 'Quality Control'], skills: LIFE_SCIENCE_SKILLS },
  { school: 'SOLS', degree: 'M.Sc Microbiology', code: 'MSMB', years: 2, bachelor: 'B.Sc Microbiology', group: 'life-sciences', weight: 2, grading: 'cgpa', areas: ['Microbiology', 'Research', 'Quality Control'], skills: LIFE_SCIENCE_SKILLS },
  { school: 'SOED', degree: 'B.Ed', code: 'BED', years: 2, bachelor: 'B.A. English', group: 'education', weight: 3, grading: 'percentage', areas: ['Teaching', 'Curriculum Design', 'EdTech'], skills: EDUCATION_SKILLS },
];

export const CERTIFICATIONS: Record<ProgramGroup, readonly string[]> = {
  computing: ['AWS Certified Cloud Practitioner', 'Oracle Certified Associate, Java SE', 'Google Data Analytics Certificate', 'Microsoft Azure Fundamentals (AZ-900)', 'NPTEL: Programming, Data Structures and Algorithms in Python', 'HackerRank SQL (Intermediate)'],
  'core-engineering': ['NPTEL: Embedded Systems Design', 'Autodesk Certified User: AutoCAD', 'SolidWorks CSWA', 'Six Sigma Yellow Belt', 'NPTEL: Strength of Materials'],
  management: ['Google Digital Marketing & E-commerce Certificate', 'NISM Series V-A: Mutual Fund Distributors', 'Tally Prime Certified Professional', 'HubSpot Inbound Marketing', 'Financial Modelling & Valuation Analyst (FMVA)'],
  health: ['ICH-GCP Training', 'Certificate in Pharmacovigilance', 'Basic Life Support (BLS)', 'Clinical Data Management'],
  'life-sciences': ['NPTEL: Bioinformatics', 'Good Laboratory Practice (GLP)', 'Certificate in Molecular Biology Techniques'],
  education: ['CTET (Paper II) Qualified', 'Google Certified Educator Level 1', 'Certificate in Inclusive Education'],
};

export const PROJECTS: Record<ProgramGroup, readonly { title: string; detail: string }[]> = {
  computing: [
    { title: 'Campus Placement Tracker', detail: 'Built a web application with React and Node.js that lets students track drives, deadlines and interview rounds; used by 200+ classmates.' },
    { title: 'Crop Yield Prediction', detail: 'Trained a random forest model in Python on district-level rainfall and soil data; reached 87% accuracy and presented it at the department symposium.' },
    { title: 'Hostel Mess Feedback System', detail: 'Designed a REST API in Spring Boot with a MySQL database and a dashboard that summarises daily ratings for the mess committee.' },
    { title: 'Expense Splitter App', detail: 'Developed a mobile-first web app with TypeScript and MongoDB that settles shared expenses between friends with the fewest transfers.' },
    { title: 'Traffic Sign Recognition', detail: 'Built a convolutional neural network in TensorFlow that classifies 43 Indian traffic signs in real time on a laptop camera.' },
    { title: 'Library Management Portal', detail: 'Implemented issue, return and fine workflows in Django with role-based access for librarians and students.' },
  ],
  'core-engineering': [
    { title: 'Smart Irrigation Controller', detail: 'Designed an Arduino-based controller with soil moisture sensors that cut water use by 30% on the university farm.' },
    { title: 'Go-Kart Chassis Design', detail: 'Modelled and analysed a tubular chassis in SolidWorks and ANSYS for the national go-kart championship; reduced weight by 12%.' },
    { title: 'Low-Cost Water Purifier', detail: 'Built a gravity-fed purifier prototype with locally sourced materials and tested it against BIS drinking water norms.' },
    { title: 'Earthquake-Resistant Frame Analysis', detail: 'Analysed a G+4 residential frame in STAAD.Pro under IS 1893 loads and proposed shear wall placements.' },
  ],
  management: [
    { title: 'Consumer Survey on UPI Adoption', detail: 'Surveyed 350 respondents in tier-2 cities and analysed adoption drivers in Excel and SPSS; findings presented to a regional bank.' },
    { title: 'Marketing Plan for a D2C Brand', detail: 'Prepared a go-to-market plan with a digital campaign budget for a local organic foods brand; grew its Instagram reach by 40%.' },
    { title: 'Working Capital Analysis', detail: 'Analysed five years of financial statements of a listed FMCG company and benchmarked its cash conversion cycle against peers.' },
  ],
  health: [
    { title: 'Adverse Drug Reaction Study', detail: 'Collected and assessed adverse drug reaction reports at a 300-bed teaching hospital under the PvPI programme.' },
    { title: 'Formulation of Herbal Gel', detail: 'Formulated and evaluated an aloe vera based topical gel for pH, viscosity and spreadability.' },
  ],
  'life-sciences': [
    { title: 'Antibiotic Resistance Screening', detail: 'Isolated bacteria from hospital effluent and screened them for resistance to six common antibiotics.' },
    { title: 'Protein Structure Prediction', detail: 'Used homology modelling tools to predict and validate the structure of a plant stress-response protein.' },
  ],
  education: [
    { title: 'Activity-Based Science Module', detail: 'Designed a six-week activity-based science module for class VIII and evaluated learning gains with pre and post tests.' },
    { title: 'Digital Classroom Pilot', detail: 'Ran a Google Classroom pilot for two sections and trained twelve teachers in blended lesson delivery.' },
  ],
};

export const INTERNSHIP_ORGANIZATIONS = ['Infoverse Technologies', 'Zenith Analytics', 'Kaveri Motors', 'Sahyadri Pharma', 'Nimbus Cloud Systems', 'Bharat FinServ', 'Greenleaf Agrotech', 'Skyline Infra Projects', 'Pinnacle Edu Labs', 'Arogya Hospitals'] as const;

export interface Company {
  name: string;
  /** The host part of its example.com addresses. */
  slug: string;
  founded: number;
  city: string;
  address: string;
  /** The kinds of graduates it hires. */
  groups: readonly ProgramGroup[];
}

export const COMPANIES: readonly Company[] = [
  { name: 'Infoverse Technologies', slug: 'infoverse', founded: 1998, city: 'Bengaluru', address: 'Tower B, Prestige Tech Park, Outer Ring Road, Bengaluru 560103', groups: ['computing'] },
  { name: 'Zenith Analytics', slug: 'zenithanalytics', founded: 2011, city: 'Pune', address: '4th Floor, Cerebrum IT Park, Kalyani Nagar, Pune 411014', groups: ['computing', 'management'] },
  { name: 'Nimbus Cloud Systems', slug: 'nimbuscloud', founded: 2014, city: 'Hyderabad', address: 'Block 2, Mindspace, HITEC City, Hyderabad 500081', groups: ['computing'] },
  { name: 'Kaveri Motors', slug: 'kaverimotors', founded: 1986, city: 'Chennai', address: 'Plot 12, SIPCOT Industrial Park, Sriperumbudur 602105', groups: ['core-engineering'] },
  { name: 'Sahyadri Pharma', slug: 'sahyadripharma', founded: 1979, city: 'Ahmedabad', address: 'Survey 214, Changodar Industrial Estate, Ahmedabad 382213', groups: ['health', 'life-sciences'] },
  { name: 'Bharat FinServ', slug: 'bharatfinserv', founded: 2003, city: 'Mumbai', address: '9th Floor, One BKC, Bandra Kurla Complex, Mumbai 400051', groups: ['management', 'computing'] },
  { name: 'Greenleaf Agrotech', slug: 'greenleafagro', founded: 2016, city: 'Indore', address: '22 Scheme 54, Vijay Nagar, Indore 452010', groups: ['life-sciences', 'management'] },
  { name: 'Skyline Infra Projects', slug: 'skylineinfra', founded: 1992, city: 'Gurugram', address: 'DLF Cyber City, Phase II, Gurugram 122002', groups: ['core-engineering'] },
  { name: 'Pinnacle Edu Labs', slug: 'pinnacleedu', founded: 2015, city: 'Noida', address: 'A-44, Sector 62, Noida 201309', groups: ['education', 'management'] },
  { name: 'Arogya Hospitals', slug: 'arogyahospitals', founded: 2001, city: 'Kochi', address: 'NH Bypass, Edappally, Kochi 682024', groups: ['health'] },
  { name: 'Quantica Software', slug: 'quanticasoft', founded: 2009, city: 'Bengaluru', address: 'Embassy Golf Links, Domlur, Bengaluru 560071', groups: ['computing'] },
  { name: 'Vedanta Consulting Group', slug: 'vedantaconsulting', founded: 2005, city: 'Gurugram', address: 'Golf Course Road, Sector 54, Gurugram 122011', groups: ['management', 'computing'] },
  { name: 'Trident Electronics', slug: 'tridentelectronics', founded: 1995, city: 'Noida', address: 'C-56, Phase II, Noida 201305', groups: ['core-engineering', 'computing'] },
  { name: 'Meghdoot Logistics', slug: 'meghdootlogistics', founded: 1999, city: 'Nagpur', address: 'MIHAN SEZ, Nagpur 441108', groups: ['management', 'core-engineering'] },
  { name: 'Lotus Retail', slug: 'lotusretail', founded: 2007, city: 'Mumbai', address: 'Phoenix Market City, Kurla West, Mumbai 400070', groups: ['management'] },
  { name: 'CodeCraft Labs', slug: 'codecraftlabs', founded: 2018, city: 'Pune', address: 'Baner Road, Baner, Pune 411045', groups: ['computing'] },
  { name: 'Suryodaya Energy', slug: 'suryodayaenergy', founded: 2012, city: 'Jaipur', address: 'Sitapura Industrial Area, Jaipur 302022', groups: ['core-engineering'] },
  { name: 'Indus Data Works', slug: 'indusdataworks', founded: 2013, city: 'Hyderabad', address: 'Raheja Mindspace, Madhapur, Hyderabad 500081', groups: ['computing', 'management'] },
  { name: 'Himalaya BioResearch', slug: 'himalayabio', founded: 2004, city: 'Chandigarh', address: 'Plot 8, IT Park, Chandigarh 160101', groups: ['life-sciences', 'health'] },
  { name: 'Coastal Bank of India', slug: 'coastalbank', founded: 1972, city: 'Mangaluru', address: 'Head Office, Hampankatta, Mangaluru 575001', groups: ['management'] },
  { name: 'Aether Aerospace', slug: 'aetheraero', founded: 2010, city: 'Bengaluru', address: 'Aerospace Park, Devanahalli, Bengaluru 562110', groups: ['core-engineering', 'computing'] },
  { name: 'BrightPath Learning', slug: 'brightpath', founded: 2017, city: 'Bengaluru', address: 'HSR Layout, Sector 2, Bengaluru 560102', groups: ['education', 'computing'] },
  { name: 'Orion Cybersecurity', slug: 'orioncyber', founded: 2015, city: 'Chennai', address: 'Olympia Tech Park, Guindy, Chennai 600032', groups: ['computing'] },
  { name: 'Narmada Foods', slug: 'narmadafoods', founded: 1988, city: 'Vadodara', address: 'GIDC Makarpura, Vadodara 390010', groups: ['management', 'life-sciences'] },
  { name: 'PixelForge Studios', slug: 'pixelforge', founded: 2016, city: 'Kochi', address: 'Infopark Phase 1, Kakkanad, Kochi 682042', groups: ['computing'] },
  { name: 'Ganga Healthcare', slug: 'gangahealthcare', founded: 1997, city: 'Lucknow', address: 'Gomti Nagar, Lucknow 226010', groups: ['health'] },
  { name: 'Rupee Ledger', slug: 'rupeeledger', founded: 2019, city: 'Bengaluru', address: 'Koramangala 5th Block, Bengaluru 560095', groups: ['computing', 'management'] },
  { name: 'Deccan Constructions', slug: 'deccanconstructions', founded: 1983, city: 'Hyderabad', address: 'Banjara Hills Road No. 12, Hyderabad 500034', groups: ['core-engineering'] },
  { name: 'Vistara Telecom', slug: 'vistaratelecom', founded: 2000, city: 'Gurugram', address: 'Udyog Vihar Phase IV, Gurugram 122015', groups: ['computing', 'core-engineering', 'management'] },
  { name: 'Kalpavriksha Insurance', slug: 'kalpavrikshains', founded: 2008, city: 'Mumbai', address: 'Lower Parel, Mumbai 400013', groups: ['management'] },
];

export interface RoleTemplate {
  profile: string;
  category: string;
  groups: readonly ProgramGroup[];
  offerTypes: readonly OfferType[];
  /** 'LPA' for a yearly CTC range in lakhs, 'stipend' for a monthly stipend range in rupees. */
  pay: { kind: 'LPA'; min: number; max: number } | { kind: 'stipend'; min: number; max: number };
  skills: readonly string[];
  eligibility: string;
  description: string;
  /** Relative share of the season's jobs. */
  weight: number;
}

export const ROLES: readonly RoleTemplate[] = [
  { profile: 'Software Engineer', category: 'Software Engineer', groups: ['computing'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 6, max: 18 }, skills: ['Java', 'Data Structures', 'SQL', 'Git'], eligibility: 'B.Tech (CSE, IT), MCA; 2027 batch; 7.0 CGPA and above; no active backlogs', description: 'Design, build and test features of our core platform in an agile team. You will write clean, well-tested code, review pull requests and work with product managers on customer problems.', weight: 8 },
  { profile: 'Graduate Engineer Trainee', category: 'Software Developer', groups: ['computing', 'core-engineering'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 3.6, max: 5 }, skills: ['C', 'Python', 'SQL', 'Communication'], eligibility: 'B.Tech (all branches), BCA, MCA; 2027 batch; 60% throughout; at most one active backlog', description: 'A twelve-week training programme in programming, databases and professional skills, followed by deployment on client projects across India.', weight: 6 },
  { profile: 'Full Stack Developer', category: 'Full Stack Developer', groups: ['computing'], offerTypes: ['Full time Employment', 'Internship + PPO'], pay: { kind: 'LPA', min: 7, max: 14 }, skills: ['React', 'Node.js', 'MongoDB', 'TypeScript'], eligibility: 'B.Tech (CSE, IT), BCA, MCA; 2027 batch; 6.5 CGPA and above', description: 'Build web applications end to end with React on the front and Node.js services behind it. Own features from design to production monitoring.', weight: 5 },
  { profile: 'Data Analyst', category: 'Data Analyst', groups: ['computing', 'management'], offerTypes: ['Full time Employment', 'Internship + PPO'], pay: { kind: 'LPA', min: 5, max: 9 }, skills: ['SQL', 'Python', 'Power BI', 'MS Excel'], eligibility: 'B.Tech, BCA, MCA, MBA (Business Analytics); 2027 batch; 6.5 CGPA and above', description: 'Turn business questions into analyses and dashboards. Work with sales, operations and finance teams to track the numbers that matter.', weight: 5 },
  { profile: 'Machine Learning Engineer Intern', category: 'Machine Learning Engineer', groups: ['computing'], offerTypes: ['Summer Internship'], pay: { kind: 'stipend', min: 25000, max: 50000 }, skills: ['Python', 'Machine Learning', 'Pandas', 'SQL'], eligibility: 'B.Tech (CSE, IT), MCA; pre-final and final year; 7.5 CGPA and above', description: 'A six-month internship with our applied ML team: data preparation, model training and evaluation for recommendation and forecasting problems.', weight: 3 },
  { profile: 'Cloud Support Associate', category: 'Cloud Engineer', groups: ['computing'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 4.5, max: 7 }, skills: ['Linux', 'AWS', 'Networking', 'Communication'], eligibility: 'B.Tech (CSE, IT, ECE), BCA, MCA; 2027 batch; 60% throughout', description: 'Help customers run their workloads on the cloud: troubleshoot Linux servers, networks and managed services, and write knowledge base articles.', weight: 3 },
  { profile: 'Security Analyst Trainee', category: 'Cybersecurity Analyst', groups: ['computing'], offerTypes: ['Internship + PPO'], pay: { kind: 'stipend', min: 20000, max: 35000 }, skills: ['Networking', 'Linux', 'Python', 'SIEM'], eligibility: 'B.Tech (CSE, IT), MCA; 2027 batch; 6.5 CGPA and above', description: 'Monitor security events in our SOC, investigate alerts and help harden client infrastructure. Pre-placement offer on successful completion.', weight: 2 },
  { profile: 'QA Automation Engineer', category: 'Test Automation Engineer', groups: ['computing'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 4.5, max: 8 }, skills: ['Selenium', 'Java', 'API Testing', 'SQL'], eligibility: 'B.Tech, BCA, MCA; 2027 batch; 6.0 CGPA and above', description: 'Write automated UI and API tests, maintain the regression suite and work with developers to ship reliable releases every two weeks.', weight: 2 },
  { profile: 'Embedded Software Engineer', category: 'Embedded Systems Engineer', groups: ['core-engineering'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 5, max: 9 }, skills: ['Embedded C', 'Microcontrollers', 'RTOS', 'Debugging'], eligibility: 'B.Tech (ECE, EEE, CSE); 2027 batch; 6.5 CGPA and above', description: 'Develop firmware for automotive and industrial controllers: drivers, communication stacks and board bring-up with the hardware team.', weight: 3 },
  { profile: 'Design Engineer (Mechanical)', category: 'Mechanical Engineer', groups: ['core-engineering'], offerTypes: ['Full time Employment', 'Apprenticeship'], pay: { kind: 'LPA', min: 3.8, max: 6.5 }, skills: ['SolidWorks', 'AutoCAD', 'GD&T', 'ANSYS'], eligibility: 'B.Tech (ME, Automobile); 2027 batch; 60% throughout; no active backlogs', description: 'Design components and assemblies for our vehicle platforms, prepare drawings to GD&T and support prototype builds on the shop floor.', weight: 3 },
  { profile: 'Site Engineer', category: 'Civil Engineer', groups: ['core-engineering'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 3.5, max: 5.5 }, skills: ['AutoCAD', 'Site Supervision', 'Quantity Surveying', 'MS Project'], eligibility: 'B.Tech (CE); 2027 batch; 60% throughout; willing to work at project sites', description: 'Supervise construction activities, check quality and quantities, and coordinate with contractors on metro and highway projects.', weight: 2 },
  { profile: 'Management Trainee', category: 'Management Trainee', groups: ['management'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 6, max: 12 }, skills: ['MS Excel', 'Business Communication', 'Analytical Thinking', 'Presentation Skills'], eligibility: 'MBA (all specialisations); 2027 batch; 60% throughout', description: 'A rotational programme across sales, operations and finance for a year, then a role in one of them. Direct exposure to business leaders.', weight: 4 },
  { profile: 'Business Development Executive', category: 'Business Development Executive', groups: ['management'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 4, max: 7 }, skills: ['Negotiation', 'Salesforce', 'Communication', 'MS Excel'], eligibility: 'BBA, B.Com, MBA; 2027 batch; 55% throughout', description: 'Find and grow customer accounts in your region: prospecting, product demonstrations, proposals and closing, with incentives on targets.', weight: 3 },
  { profile: 'Financial Analyst', category: 'Financial Analyst', groups: ['management'], offerTypes: ['Full time Employment', 'Internship + PPO'], pay: { kind: 'LPA', min: 5.5, max: 10 }, skills: ['Financial Modelling', 'MS Excel', 'Accounting', 'Power BI'], eligibility: 'B.Com, MBA (Finance); 2027 batch; 60% throughout', description: 'Prepare budgets, forecasts and variance analyses; build models that support pricing and investment decisions.', weight: 3 },
  { profile: 'Digital Marketing Intern', category: 'Digital Marketing Executive', groups: ['management'], offerTypes: ['Summer Internship'], pay: { kind: 'stipend', min: 10000, max: 20000 }, skills: ['SEO', 'Google Analytics', 'Content Writing', 'Social Media'], eligibility: 'BBA, MBA (Marketing); pre-final and final year', description: 'Plan and run campaigns across search and social media, track their results and suggest improvements every week.', weight: 2 },
  { profile: 'HR Associate', category: 'Human Resources Executive', groups: ['management'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 4, max: 6 }, skills: ['Recruitment', 'MS Excel', 'Communication', 'HRMS'], eligibility: 'BBA, MBA (HR); 2027 batch; 55% throughout', description: 'Run campus and lateral hiring, onboarding and employee engagement programmes for a growing workforce.', weight: 2 },
  { profile: 'Clinical Research Associate', category: 'Clinical Research Associate', groups: ['health', 'life-sciences'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 3.5, max: 5.5 }, skills: ['Clinical Research', 'GCP Guidelines', 'Medical Writing', 'MS Excel'], eligibility: 'B.Pharm, M.Pharm, M.Sc (Life Sciences); 2027 batch; 60% throughout', description: 'Monitor clinical trial sites, verify source data and keep trial documentation inspection-ready under ICH-GCP.', weight: 2 },
  { profile: 'Pharmacovigilance Associate', category: 'Pharmacist', groups: ['health'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 3, max: 4.8 }, skills: ['Pharmacovigilance', 'Medical Terminology', 'Case Processing', 'MS Office'], eligibility: 'B.Pharm, Pharm.D, BPT; 2027 batch; 55% throughout', description: 'Process and assess adverse event reports, code them in MedDRA and prepare periodic safety reports.', weight: 2 },
  { profile: 'Quality Control Executive', category: 'Biotechnologist', groups: ['life-sciences', 'health'], offerTypes: ['Full time Employment', 'Apprenticeship'], pay: { kind: 'LPA', min: 3, max: 4.5 }, skills: ['Chromatography', 'Laboratory Safety', 'GLP', 'Documentation'], eligibility: 'B.Sc, M.Sc (Biotechnology, Microbiology, Chemistry); 2027 batch', description: 'Test raw materials and finished products in our QC laboratory under GLP, and keep batch records complete.', weight: 2 },
  { profile: 'Academic Associate', category: 'Teacher', groups: ['education'], offerTypes: ['Full time Employment'], pay: { kind: 'LPA', min: 3.2, max: 5 }, skills: ['Lesson Planning', 'Communication', 'Google Classroom', 'Assessment Design'], eligibility: 'B.Ed, M.A., M.Sc; 2027 batch; good spoken English', description: 'Teach middle-school classes in blended mode, design assessments and mentor students in our learning centres.', weight: 2 },
  { profile: 'Content Developer Intern', category: 'Content Writer', groups: ['education', 'management'], offerTypes: ['Summer Internship'], pay: { kind: 'stipend', min: 10000, max: 15000 }, skills: ['Content Writing', 'Research', 'MS Office', 'Curriculum Design'], eligibility: 'B.Ed, BBA, M.A.; pre-final and final year', description: 'Write and review lessons, quizzes and explainer scripts for our K-12 learning app with subject experts.', weight: 1 },
];

export const RESULT_DECLARATION_WEIGHTS = [
  ['Same day', 2],
  ['Within a week', 5],
  ['Within a month', 2],
  ['After a month', 1],
] as const;

export const REFERENCE_WEIGHTS = [
  ['Self', 4],
  ['Placement Officer', 3],
  ['Training Coordinator', 1],
  ['Industry Relations Lead', 2],
  ['Faculty Coordinator', 1],
] as const;

export const INTERVIEW_LOCATIONS = ['On campus, Seminar Hall (Block C)', 'Virtual (Microsoft Teams)', 'Virtual (Google Meet)', 'Company office'] as const;

export const INTERVIEW_ROUNDS: Record<ProgramGroup, readonly { name: string; description: string }[]> = {
  computing: [
    { name: 'Online assessment', description: '90 minutes on HackerRank: 20 aptitude questions, 10 MCQs on OOP and DBMS, and two coding problems (arrays and a greedy problem on intervals).' },
    { name: 'Technical interview 1', description: 'Walked through my final-year project, then a linked list problem on a shared editor. Questions on indexing, normalisation and joins in SQL.' },
    { name: 'Technical interview 2', description: 'System design lite: design a URL shortener. Discussed hashing, collisions and caching. A few questions on OS scheduling and deadlocks.' },
    { name: 'HR interview', description: 'Why this company, relocation, a situation where I disagreed with a teammate, and salary expectations. Friendly and about 20 minutes.' },
  ],
  'core-engineering': [
    { name: 'Written test', description: 'Aptitude and core subjects: thermodynamics, strength of materials and manufacturing processes; 60 questions in 60 minutes.' },
    { name: 'Technical interview', description: 'Questions on my internship, reading a drawing with GD&T symbols, and material selection for a bracket under cyclic load.' },
    { name: 'HR interview', description: 'Willingness to work in shifts and at the plant, family background and long-term goals.' },
  ],
  management: [
    { name: 'Group discussion', description: 'Topic: should India move to a four-day work week? Twelve participants, 15 minutes; panel looked for structure and listening.' },
    { name: 'Case interview', description: 'Estimate the market for two-wheeler EV chargers in Pune, then a profitability case for a quick-commerce store.' },
    { name: 'HR interview', description: 'Questions about my summer internship, a leadership example from the college fest and my reasons for choosing the role.' },
  ],
  health: [
    { name: 'Written test', description: 'Pharmacology, clinical research basics and medical terminology; 50 questions in 45 minutes.' },
    { name: 'Technical interview', description: 'Phases of clinical trials, informed consent, what makes an adverse event serious, and an exercise on coding a case.' },
    { name: 'HR interview', description: 'Shift flexibility, why pharmacovigilance and where I see myself in three years.' },
  ],
  'life-sciences': [
    { name: 'Written test', description: 'Microbiology, molecular biology and laboratory calculations (dilutions, molarity).' },
    { name: 'Technical interview', description: 'Explained my dissertation, sterilisation methods, and troubleshooting a failed PCR.' },
  ],
  education: [
    { name: 'Demo class', description: 'A 15-minute demo lesson on photosynthesis for class VII in front of a panel, followed by feedback.' },
    { name: 'Interview', description: 'Classroom management scenarios, using technology in class and handling a parent complaint.' },
  ],
};

export interface TrainingTopic {
  title: string;
  description: string;
  duration: string;
  mode: string;
}

export const TRAININGS: readonly TrainingTopic[] = [
  { title: 'Aptitude Bootcamp: Quantitative Reasoning', description: 'Speed maths, percentages, time and work, and probability with timed practice sets from previous placement tests.', duration: '3 hours', mode: 'Offline: Seminar Hall, Block C' },
  { title: 'Resume Writing Workshop', description: 'How recruiters and ATS software read a resume: structure, action verbs, quantified achievements and common mistakes. Bring your current resume.', duration: '2 hours', mode: 'Online (Google Meet)' },
  { title: 'Group Discussion Practice', description: 'Moderated group discussions on current affairs and abstract topics with feedback from the training team.', duration: '2 hours', mode: 'Offline: Training Room 2' },
  { title: 'Cracking the Coding Interview', description: 'Patterns for arrays, strings, hashing and trees, with live problem solving and tips for thinking aloud.', duration: '3 hours', mode: 'Hybrid: Lab 4 and Google Meet' },
  { title: 'Mock Interviews with Alumni', description: 'One-to-one mock technical and HR interviews with alumni working at partner companies. Slots are allotted after registration.', duration: 'Full day', mode: 'Offline: Placement Cell' },
  { title: 'SQL for Data Roles', description: 'Joins, grouping, window functions and interview-style SQL questions on a sample retail database.', duration: '2.5 hours', mode: 'Online (Microsoft Teams)' },
  { title: 'Communication and Email Etiquette', description: 'Writing clear professional emails, introducing yourself and following up with recruiters.', duration: '1.5 hours', mode: 'Online (Google Meet)' },
  { title: 'Excel for Business Analysis', description: 'Lookups, pivot tables, charts and a small financial model, for management and commerce students.', duration: '3 hours', mode: 'Offline: Computer Lab 1' },
  { title: 'Case Interview Masterclass', description: 'Frameworks for market sizing, profitability and market entry cases, with two live cases.', duration: '2 hours', mode: 'Offline: Seminar Hall, Block C' },
  { title: 'LinkedIn Profile Clinic', description: 'Headline, summary, skills and projects that make recruiters reach out; reviewed live on volunteers\u2019 profiles.', duration: '1.5 hours', mode: 'Online (Google Meet)' },
  { title: 'System Design Basics', description: 'Load balancers, caching, databases and queues explained through the design of a ride-hailing app.', duration: '2 hours', mode: 'Hybrid: Lab 4 and Google Meet' },
  { title: 'Salary Negotiation and Offer Letters', description: 'Reading an offer letter: CTC, fixed and variable pay, bonds and notice periods; how to compare two offers.', duration: '1 hour', mode: 'Online (Microsoft Teams)' },
];

export const TEMPLATES = [
  {
    name: 'Placement drive announcement',
    subject: 'Placement drive: registrations open',
    content:
      '<p>Dear students,</p><p>A new placement drive is open on the portal. Read the eligibility criteria and the job description carefully, update your profile and resume, and apply before the deadline.</p><p>Shortlisted students will be informed by e-mail.</p><p>Regards,<br>Placement Cell</p>',
  },
  {
    name: 'Interview schedule',
    subject: 'Your interview is scheduled',
    content:
      '<p>Dear student,</p><p>You have been shortlisted for the next round. Please be at the venue 30 minutes early in formal attire, with two printed copies of your resume and your college ID card.</p><p>All the best!<br>Placement Cell</p>',
  },
  {
    name: 'Training reminder',
    subject: 'Reminder: training session this week',
    content:
      '<p>Dear students,</p><p>This is a reminder about the training session this week. Attendance is recorded and counts towards placement eligibility.</p><p>See the CDC Trainings page for the time and the link.</p>',
  },
  {
    name: 'Offer congratulations',
    subject: 'Congratulations on your offer!',
    content:
      '<p>Dear student,</p><p>Congratulations on your offer! Please upload a copy of your offer letter to the placement cell within three working days and keep an eye on your e-mail for joining formalities.</p><p>Warm regards,<br>Placement Cell</p>',
  },
] as const;

export const CAMPAIGN = {
  subject: 'Pre-placement talk and resume deadline',
  content:
    '<p>Dear students,</p><p>The placement season begins next week. Two things before it does:</p><ul><li><strong>Pre-placement talk</strong> on Friday at 10:30 in the Seminar Hall (Block C): the placement process, the policy on offers, and what recruiters look for.</li><li><strong>Resume deadline</strong>: complete your profile on the portal and upload your resume by Sunday. Check it on the Resume Insights page first.</li></ul><p>Regards,<br>Placement Cell</p>',
} as const;
