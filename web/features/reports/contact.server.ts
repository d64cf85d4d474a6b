import { ContactBody } from '../../../server/modules/reports/reports.schemas';
import { readForm } from '../../lib/forms.server';

/** The contact page's form, read and checked as POST /api/contact reads its body. */
export function contactForm(form: FormData) {
  return readForm(form, ContactBody, { topic: 'text', name: 'text', email: 'text', message: 'text', page: 'text' });
}
