import ExternalLink from 'lucide-react/icons/external-link';
import { kitIcon } from './kitIcon';

export const IconOpenExternal = /* @__PURE__ */ kitIcon(ExternalLink);
