import { Link } from "@/components/ui/link";

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2.5 rounded-md">
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent-600 text-white shadow-sm">
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology (aria-hidden) */}
        <svg
          viewBox="0 0 24 24"
          className="size-4.5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 8h13l-3-3M20 16H7l3 3" />
        </svg>
      </span>
      <span className="text-sm font-semibold tracking-tight text-slate-900">Settlement Console</span>
    </Link>
  );
}
