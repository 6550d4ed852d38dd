import FileText from 'lucide-react/icons/file-text';
import { kitIcon } from './kitIcon';

export const IconDocument = /* @__PURE__ */ kitIcon(FileText);
