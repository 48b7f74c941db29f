/** Names, schools and cities for a believable Indian school chain. */
import type { Language } from '@ki/domain';
export type Region = 'maharashtra' | 'gujarat' | 'tamil' | 'telangana' | 'north';

export const FIRST_NAMES = {
  girl: {
    maharashtra: ['Ananya', 'Sakshi', 'Gauri', 'Mrunal', 'Tanvi', 'Rutuja', 'Sayali', 'Isha', 'Prachi', 'Shravani', 'Anushka', 'Vaishnavi'],
    gujarat: ['Dhruvi', 'Krupa', 'Hetvi', 'Jinal', 'Khushi', 'Nidhi', 'Riddhi', 'Foram', 'Mansi', 'Pooja', 'Bansari', 'Aastha'],
    tamil: ['Kavya', 'Divya', 'Harini', 'Keerthana', 'Nandhini', 'Swetha', 'Janani', 'Aishwarya', 'Meenakshi', 'Sandhya', 'Priya', 'Vaishali'],
    telangana: ['Sravani', 'Harika', 'Keerthi', 'Lasya', 'Manasa', 'Sahithi', 'Tejaswini', 'Varshini', 'Bhavya', 'Deepika', 'Sindhu', 'Akshara'],
    north: ['Aadhya', 'Saanvi', 'Diya', 'Myra', 'Kiara', 'Anika', 'Riya', 'Navya', 'Ira', 'Pari', 'Zoya', 'Simran'],
  },
  boy: {
    maharashtra: ['Aarav', 'Omkar', 'Pranav', 'Soham', 'Atharva', 'Tejas', 'Yash', 'Siddhesh', 'Aditya', 'Varad', 'Shubham', 'Nikhil'],
    gujarat: ['Dhruv', 'Harsh', 'Jay', 'Kunal', 'Meet', 'Parth', 'Het', 'Rudra', 'Vraj', 'Jeet', 'Kaushal', 'Darshan'],
    tamil: ['Arjun', 'Karthik', 'Surya', 'Vignesh', 'Pradeep', 'Hari', 'Gokul', 'Naveen', 'Santhosh', 'Dinesh', 'Aravind', 'Ashwin'],
    telangana: ['Sai', 'Charan', 'Vamsi', 'Rohith', 'Karthikeya', 'Manoj', 'Praneeth', 'Abhiram', 'Nikhil', 'Teja', 'Srikar', 'Varun'],
    north: ['Vivaan', 'Arnav', 'Reyansh', 'Ishaan', 'Kabir', 'Ayaan', 'Advik', 'Rohan', 'Aryan', 'Dev', 'Rehan', 'Harshit'],
  },
} as const;

export const LAST_NAMES: Record<Region, readonly string[]> = {
  maharashtra: ['Patil', 'Deshmukh', 'Kulkarni', 'Joshi', 'Pawar', 'Shinde', 'Jadhav', 'Gokhale', 'Bhosale', 'Chavan', 'Apte', 'Kale'],
  gujarat: ['Patel', 'Shah', 'Desai', 'Mehta', 'Parikh', 'Joshi', 'Trivedi', 'Chauhan', 'Vyas', 'Bhatt', 'Modi', 'Panchal'],
  tamil: ['Iyer', 'Krishnan', 'Subramanian', 'Raman', 'Natarajan', 'Pillai', 'Murugan', 'Venkatesan', 'Sundaram', 'Ganesan', 'Rajan', 'Selvam'],
  telangana: ['Reddy', 'Rao', 'Goud', 'Naidu', 'Varma', 'Chary', 'Yadav', 'Kumar', 'Sharma', 'Rathod', 'Achari', 'Gupta'],
  north: ['Sharma', 'Verma', 'Gupta', 'Singh', 'Agarwal', 'Mishra', 'Khan', 'Saxena', 'Chopra', 'Malhotra', 'Srivastava', "D'Souza"],
};

export interface SchoolTemplate {
  name: string;
  city: string;
  state: string;
  region: Region;
  board: 'CBSE' | 'GSEB';
  languages: Language[];
}

/** The first schools of the demo chain; more are made by cycling cities. */
export const SCHOOL_TEMPLATES: readonly SchoolTemplate[] = [
  { name: 'Gyan Jyoti Public School', city: 'Pune', state: 'Maharashtra', region: 'maharashtra', board: 'CBSE', languages: ['en', 'mr', 'hi'] },
  { name: 'Gyan Jyoti Vidyalaya', city: 'Ahmedabad', state: 'Gujarat', region: 'gujarat', board: 'GSEB', languages: ['en', 'gu', 'hi'] },
  { name: 'Gyan Jyoti Public School', city: 'Chennai', state: 'Tamil Nadu', region: 'tamil', board: 'CBSE', languages: ['en', 'ta', 'te'] },
  { name: 'Gyan Jyoti Public School', city: 'Hyderabad', state: 'Telangana', region: 'telangana', board: 'CBSE', languages: ['en', 'te', 'hi'] },
  { name: 'Gyan Jyoti Vidyalaya', city: 'Surat', state: 'Gujarat', region: 'gujarat', board: 'GSEB', languages: ['en', 'gu'] },
  { name: 'Gyan Jyoti Public School', city: 'Lucknow', state: 'Uttar Pradesh', region: 'north', board: 'CBSE', languages: ['en', 'hi'] },
  { name: 'Gyan Jyoti Public School', city: 'Nagpur', state: 'Maharashtra', region: 'maharashtra', board: 'CBSE', languages: ['en', 'mr', 'hi'] },
  { name: 'Gyan Jyoti Vidyalaya', city: 'Vadodara', state: 'Gujarat', region: 'gujarat', board: 'GSEB', languages: ['en', 'gu'] },
  { name: 'Gyan Jyoti Public School', city: 'Coimbatore', state: 'Tamil Nadu', region: 'tamil', board: 'CBSE', languages: ['en', 'ta'] },
  { name: 'Gyan Jyoti Public School', city: 'Jaipur', state: 'Rajasthan', region: 'north', board: 'CBSE', languages: ['en', 'hi'] },
];

export const CHAIN_NAME = 'Gyan Jyoti Education Trust';
