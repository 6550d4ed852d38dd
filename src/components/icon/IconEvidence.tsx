import ShieldCheck from 'lucide-react/icons/shield-check';
import { kitIcon } from './kitIcon';

export const IconEvidence = /* @__PURE__ */ kitIcon(ShieldCheck);
