import { siteIconFor, sitePath } from './site-icons';

/** The logo of one of the restaurant's pages elsewhere, in the text colour; its link carries the name. */
export function SiteLogo({ link }: { link: { label: string; url: string } }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={sitePath(siteIconFor(link))} />
    </svg>
  );
}
