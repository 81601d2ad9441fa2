const DEVICE_KEY = 'concert.door.device';

export interface Device {
  id: string;
  label: string;
}

/** The device's id and label, kept in its storage; a new device gets a label staff can change. */
export function loadDevice(): Device {
  try {
    const saved = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Device | null;
    if (saved?.id && saved.label) return saved;
  } catch {
    // storage blocked or spoilt: a new device
  }
  const id = crypto.randomUUID();
  const device = { id, label: `Dörr ${id.slice(0, 4).toUpperCase()}` };
  saveDevice(device);
  return device;
}
export function saveDevice(device: Device) {
  try {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  } catch {
    // kept for this page only
  }
}
