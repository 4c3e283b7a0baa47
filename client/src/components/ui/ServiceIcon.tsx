import {
  Briefcase,
  Building2,
  ClipboardCheck,
  FileText,
  Gauge,
  Globe,
  Leaf,
  Scale,
  Settings,
  ShieldCheck,
  Target,
  Truck,
  type LucideIcon,
} from 'lucide-react';

/** Icon names stored with the content (lucide names); only these are bundled. Unknown names get a briefcase. */
const ICONS: Record<string, LucideIcon> = {
  Truck,
  Gauge,
  Target,
  Settings,
  Leaf,
  Globe,
  Building2,
  FileText,
  ShieldCheck,
  Scale,
  ClipboardCheck,
  Briefcase,
};

export function ServiceIcon({ name, size = 24 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? Briefcase;
  return <Icon size={size} aria-hidden />;
}
