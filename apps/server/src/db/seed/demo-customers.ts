// The demo provider's customers: fictional research and education institutions, each with a
// three-character code. UNG and EBH carry the customer demo accounts (decisions.md).
export const providerCustomer = { code: 'MRN', name: 'Meridian Research Network' };

export const demoCustomers = [
  { code: 'UNG', name: 'University of Northgate', enabled: true },
  { code: 'EBH', name: 'Eastbrook Health', enabled: true },
  { code: 'HRI', name: 'Harbourside Research Institute', enabled: true },
  { code: 'WVU', name: 'Westvale University', enabled: true },
  { code: 'SCL', name: 'State Central Library', enabled: true },
  { code: 'RGH', name: 'Riverside General Hospital', enabled: true },
  { code: 'KGS', name: 'Kingsford Grammar School', enabled: true },
  { code: 'MTU', name: 'Mount Tamar University', enabled: true },
  { code: 'CIO', name: 'Coastal Institute of Oceanography', enabled: true },
  { code: 'LHC', name: 'Lakeside Health Campus', enabled: true },
  { code: 'SPC', name: 'Southport College', enabled: true },
  { code: 'AGL', name: 'Ashgrove Genomics Laboratory', enabled: false },
] as const;

export const demoPassword = 'lightpath-demo';

// The six demo accounts of decisions.md.
export const demoAccounts = [
  { email: 'noc@meridian.example', firstname: 'Nadia', surname: 'Ortiz', title: 'NOC Lead', type: 1, customer: 'MRN', companyAdmin: true, chameleon: 1 },
  { email: 'tech@meridian.example', firstname: 'Tom', surname: 'Hale', title: 'Field Technician', type: 2, customer: 'MRN', companyAdmin: false, chameleon: 0 },
  { email: 'eng@meridian.example', firstname: 'Priya', surname: 'Raman', title: 'Network Engineer', type: 3, customer: 'MRN', companyAdmin: false, chameleon: 0 },
  { email: 'admin@northgate.example', firstname: 'Alex', surname: 'Morgan', title: 'IT Infrastructure Manager', type: 4, customer: 'UNG', companyAdmin: true, chameleon: 0 },
  { email: 'user@northgate.example', firstname: 'Sam', surname: 'Lee', title: 'Network Analyst', type: 5, customer: 'UNG', companyAdmin: false, chameleon: 0 },
  { email: 'admin@eastbrook.example', firstname: 'Jordan', surname: 'Price', title: 'Head of Digital Services', type: 4, customer: 'EBH', companyAdmin: true, chameleon: 0 },
] as const;

export const firstNames = [
  'Olivia', 'Liam', 'Charlotte', 'Noah', 'Amelia', 'Jack', 'Isla', 'William', 'Mia', 'Oliver', 'Ava', 'Henry',
  'Grace', 'Lucas', 'Chloe', 'Leo', 'Zoe', 'Thomas', 'Ruby', 'James', 'Ella', 'Ethan', 'Sophie', 'Samuel',
  'Aisha', 'Wei', 'Hiroshi', 'Fatima', 'Mateo', 'Ananya', 'Kofi', 'Ingrid', 'Tariq', 'Mei', 'Rafael', 'Nia',
] as const;

export const surnames = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White', 'Anderson',
  'Walker', 'Thompson', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Chen', 'Patel', 'Singh', 'Costa',
  'Murphy', "O'Brien", 'Kowalski', 'Haddad', 'Tanaka', 'Okafor', 'Lindqvist', 'Moreau', 'Rossi', 'Fischer',
] as const;

export const jobTitles = [
  'Network Engineer', 'Systems Administrator', 'IT Manager', 'Service Desk Analyst', 'Infrastructure Architect',
  'Research Computing Lead', 'Facilities Manager', 'Security Analyst', 'CIO', 'Operations Coordinator',
] as const;

// National scale: customer names are built from these parts so 500 of them stay believable and unique.
export const places = [
  'Northgate', 'Eastbrook', 'Westvale', 'Southport', 'Kingsford', 'Ashgrove', 'Riverside', 'Harbourside', 'Lakeside',
  'Mount Tamar', 'Coastal', 'Highfield', 'Greenwood', 'Stonebridge', 'Fairhaven', 'Redcliffe', 'Bellmont', 'Oakridge',
  'Silverton', 'Marlow', 'Glenbrook', 'Clearwater', 'Pinecrest', 'Brightwater', 'Hollowell', 'Elmsford', 'Wattle Creek',
  'Banksia', 'Ironbark', 'Coral Bay', 'Sandstone', 'Blue Ridge', 'Crestwood', 'Seaview', 'Ravensworth', 'Tallowood',
] as const;

export const institutionKinds = [
  'University', 'Health', 'Hospital', 'College', 'Grammar School', 'Research Institute', 'Library', 'TAFE',
  'Medical Research Centre', 'Observatory', 'High School', 'Public School',
] as const;
