/** Reading a QR code with the camera (the 扫一扫 entry of the claim flow). */
export interface Scanner {
  /** Whether this platform has a scan entry (mini-programs); on H5 the phone's own camera app opens the URL. */
  available: boolean;
  /** The text of the scanned code, or null when the customer cancelled. */
  scan(): Promise<string | null>;
}
