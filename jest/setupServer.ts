import './shiftClock';
import './answerCheck';
// Each gateway suite migrates and seeds a database of its own first (on PostgreSQL: a new database).
jest.setTimeout(30_000);
