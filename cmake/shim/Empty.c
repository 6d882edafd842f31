/* An empty translation unit: AsyncPipeMLIRCAPI is made of upstream's archives. */
