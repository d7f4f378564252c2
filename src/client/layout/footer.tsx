import { Link } from 'react-router';
import { appConfig, phoneHref } from '../app-config';
import { useAuth } from '../auth/use-auth';
import { Logo } from './logo';

const linkClass = 'text-sm text-stone-300 hover:text-white hover:underline';

export function Footer() {
  const auth = useAuth();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-100">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <FooterContact />
        <FooterLinks
          id="footer-navigation"
          title="Navigation"
          links={[
            { to: '/', label: 'Make Reservation' },
            { to: '/my-reservations', label: 'My Reservations' },
          ]}
        />
        <FooterLinks
          id="footer-legal"
          title="Legal"
          links={[
            { to: '/legal/terms-of-service', label: 'Terms of Service' },
            { to: '/legal/privacy-policy', label: 'Privacy Policy' },
          ]}
        />
        {auth.status === 'signedIn' && (
          <FooterLinks
            id="footer-account"
            title="Account"
            // Admin is there for every signed-in visitor, as the spec lists it: a guest who follows it is told it
            // is the admin's, and sent home.
            links={[
              { to: '/settings/general', label: 'Settings' },
              { to: '/admin', label: 'Admin' },
            ]}
          />
        )}
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        © {new Date().getFullYear()} {appConfig.restaurantName}
      </p>
    </footer>
  );
}

/** One titled block of the footer's links, named by its heading for screen readers. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-400">
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link className={linkClass} to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The restaurant: its logo (a link to its first page elsewhere), address, phone, and its pages elsewhere. */
function FooterContact() {
  // The logo links to the restaurant's first page elsewhere (SPEC section 2, Footer: "Logo links to external sites").
  const [elsewhere] = appConfig.links;
  return (
    <div className="space-y-3">
      {elsewhere ? (
        <a
          className="inline-block rounded-md hover:opacity-90"
          href={elsewhere.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${appConfig.restaurantName} on ${elsewhere.label}`}
        >
          <Logo />
        </a>
      ) : (
        <Logo />
      )}
      <p className="text-sm text-stone-300">{appConfig.address}</p>
      <p className="text-sm">
        <a className={linkClass} href={phoneHref(appConfig.phone)}>
          {appConfig.phone}
        </a>
      </p>
      {appConfig.links.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Find us elsewhere">
          {appConfig.links.map((link) => (
            <li key={link.url}>
              {/* A logo that says which site; its name is the link's name, and shows on hover. */}
              <a
                className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-300 hover:bg-stone-800 hover:text-white"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={link.label}
                title={link.label}
              >
                {/* The drawing is CSS (styles.css, .site-icon-<name>): no script to wait for. */}
                <span aria-hidden="true" className={`site-icon site-icon-${link.icon} h-6 w-6`} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
