/**
 * npm run reindex -- --school ID    rebuild the rollups of every student of a school
 * npm run reindex -- --student ID   rebuild one student's rollups
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { databaseOptionsFromConfig, openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { unsafeRebuildStudent, unsafeSchoolStudentIds } from './records.service';

const { values } = parseArgs({ options: { school: { type: 'string' }, student: { type: 'string' } } });
const schoolId = values.school ? Number(values.school) : undefined;
const studentId = values.student ? Number(values.student) : undefined;
if ((schoolId === undefined) === (studentId === undefined) || !Number.isInteger(schoolId ?? studentId)) {
  console.error('Usage: npm run reindex -- --school ID | --student ID');
  process.exit(2);
}

const database = await openDatabase(databaseOptionsFromConfig(loadConfig()));
try {
  await migrate(database);
  const ids = studentId !== undefined ? [studentId] : await unsafeSchoolStudentIds({ database }, schoolId!);
  if (ids.length === 0) {
    console.error(schoolId !== undefined ? `School ${schoolId} has no students.` : `Student ${studentId} not found.`);
    process.exit(1);
  }
  const started = Date.now();
  let records = 0;
  for (const [i, id] of ids.entries()) {
    records += await unsafeRebuildStudent({ database }, id);
    if ((i + 1) % 500 === 0) console.log(`${i + 1}/${ids.length} students rebuilt`);
  }
  console.log(
    `Rebuilt ${ids.length} students (${records} records) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
