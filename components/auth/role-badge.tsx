import { Badge, type Tone } from "@/components/ui/badge";
import { ROLE_LABELS, type Role } from "@/lib/auth/permissions";

const TONES: Record<Role, Tone> = { admin: "accent", finance: "success", support: "neutral", developer: "info" };

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge tone={TONES[role]} className={className} data-testid="role-badge" title={ROLE_LABELS[role].summary}>
      {ROLE_LABELS[role].label}
    </Badge>
  );
}
