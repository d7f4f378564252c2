import { secureHeaders } from 'hono/secure-headers';

// Only our own origin may run scripts or be fetched. Google sign-in is a full-page redirect through our
// server, so it needs only the form/navigation target and Google's avatar host for images.
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https://lh3.googleusercontent.com'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'", 'https://accounts.google.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
