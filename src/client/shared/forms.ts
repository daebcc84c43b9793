/** A form's values once valid, or null while a field shows its error (the form shows it). */
export async function validValues<T>(form: { validateFields: () => Promise<T> }): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
