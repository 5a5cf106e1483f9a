// The renderer's Permissions-Policy: every powerful browser feature is switched off for the app's
// pages, on top of the Electron session refusing every permission request. One definition for the
// browser host's responses, the app:// protocol's responses and the Electron window's headers.
// (A policy cannot be given in a <meta>; it is a response header only.)
//
// Only features Chromium recognises are listed: an unknown name makes it print a console warning
// on every page load (checked against Chromium 156; Electron 45's Chromium knows them all too).

export const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "clipboard-read",
  "clipboard-write",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "storage-access",
  "sync-xhr",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const

/** `camera=(), microphone=(), …`: an empty allow-list denies the feature to every origin, ours included. */
export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ")
