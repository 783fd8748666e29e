import t from 'tap';
import { checkAgreement } from './helpers/release-agreement.js';

checkAgreement(t);
