import FilePen from 'lucide-react/icons/file-pen';
import { kitIcon } from './kitIcon';

export const IconEdit = /* @__PURE__ */ kitIcon(FilePen);
